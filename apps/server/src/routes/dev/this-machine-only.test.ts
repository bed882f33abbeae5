import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, whatsappLocalMessages } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/** Local mode's dev tools (the mailbox holds every sign-in and reset link) answer this machine only. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.client().signUp('mailbox-owner@example.com');
});
afterAll(() => server.close());

/** fetch cannot set Host; a page reached through DNS rebinding sends its own name there. */
function requestWithHost(
  url: string,
  host: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: { host, ...(body !== undefined && { 'content-type': 'application/json' }) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('the local dev tools', () => {
  it('answer a loopback client that names this machine, whatever the port', async () => {
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, '[::1]:5173', 'localhost']) {
      const res = await requestWithHost(`${server.url}/api/dev/mailbox`, host);
      expect(res.status).toBe(200);
      expect(res.body.some((m: { to: string }) => m.to === 'mailbox-owner@example.com')).toBe(true);
    }
  });

  it('are not found for a request naming another host (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:80', 'localhost.evil.example', '127.0.0.1.nip.io']) {
      const mailbox = await requestWithHost(`${server.url}/api/dev/mailbox`, host);
      expect(mailbox).toEqual({ status: 404, body: { error: 'Not found' } });
    }
    const body = { email: 'mailbox-owner@example.com', plan_key: 'summit', current_period_end: '2999-01-01T00:00:00Z' };
    const put = await requestWithHost(`${server.url}/api/dev/subscriptions`, 'evil.example', 'PUT', body);
    expect(put).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await server.database.db.select().from(subscriptions)).toEqual([]);
    // The WhatsApp phone simulator: it signs webhooks with the bridge's secret, so nobody else may drive it.
    const phoneMessage = { phone: '447700900123', profile_name: 'Rebinder', text: 'Hi' };
    const sent = await requestWithHost(`${server.url}/api/dev/whatsapp/messages`, 'evil.example', 'POST', phoneMessage);
    expect(sent).toEqual({ status: 404, body: { error: 'Not found' } });
    const thread = await requestWithHost(`${server.url}/api/dev/whatsapp/phones/447700900123`, 'evil.example');
    expect(thread).toEqual({ status: 404, body: { error: 'Not found' } });
    expect(await server.database.db.select().from(whatsappLocalMessages)).toEqual([]);
  });
});

/** A non-loopback address of this machine, if it has one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe.skipIf(!networkAddress)('local mode opened to the network on purpose', () => {
  let open: TestServer;
  beforeAll(async () => {
    open = await startTestServer({ HOST: '0.0.0.0', ALLOW_REMOTE_LOCAL_MODE: 'true' });
  });
  afterAll(() => open.close());

  it('still keeps the dev tools from clients on other addresses, even naming a loopback host', async () => {
    const { port } = new URL(open.url);
    const url = `http://${networkAddress}:${port}`;
    // The app itself answers there...
    expect((await requestWithHost(`${url}/api/health`, `127.0.0.1:${port}`)).status).toBe(200);
    // ...but the socket's address is not this machine's loopback, so the tools do not exist for it.
    const mailbox = await requestWithHost(`${url}/api/dev/mailbox`, `127.0.0.1:${port}`);
    expect(mailbox).toEqual({ status: 404, body: { error: 'Not found' } });
    const phone = await requestWithHost(`${url}/api/dev/whatsapp/phones/447700900123`, `127.0.0.1:${port}`);
    expect(phone).toEqual({ status: 404, body: { error: 'Not found' } });
    // From loopback they do.
    expect((await requestWithHost(`http://127.0.0.1:${port}/api/dev/mailbox`, `127.0.0.1:${port}`)).status).toBe(200);
  });
});

describe("Vite's dev server origin", () => {
  const signInFrom = (target: TestServer, origin: string) =>
    target.client().request(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'mailbox-owner@example.com', password: 'calm-river-42' },
      {
        origin,
      },
    );

  it('is refused by a plain local server', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
      expect((await signInFrom(server, origin)).status).toBe(403);
    }
  });

  it('is trusted when npm run dev names it', async () => {
    const dev = await startTestServer({ DEV_SERVER_ORIGINS: 'http://localhost:5173' });
    try {
      await dev.client().signUp('vite@example.com');
      const res = await dev
        .client()
        .request(
          'POST',
          '/api/auth/sign-in/email',
          { email: 'vite@example.com', password: 'calm-river-42' },
          { origin: 'http://localhost:5173' },
        );
      expect(res.status).toBe(200);
      expect((await signInFrom(dev, 'http://127.0.0.1:5173')).status).toBe(403);
    } finally {
      await dev.close();
    }
  });
});
