import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforcedHeaders, EnforcingServerResponse, withHeaders } from './response-headers';

/**
 * Enforced headers reach every response the middleware covers, and a handler
 * cannot weaken them: on a Node socket (where they are set before the handler
 * runs) as in-process (where they are set after it).
 */
const PROTECTED = enforcedHeaders([
  ['Cache-Control', 'no-store'],
  ['X-Frame-Options', 'DENY'],
]);

function buildApp() {
  const app = new Hono();
  app.use('/covered/*', withHeaders(PROTECTED));
  app.get('/covered/plain', (c) => c.json({ ok: true }));
  app.get('/covered/weakening', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('X-Frame-Options', 'SAMEORIGIN');
    c.header('X-Own', 'kept');
    return c.json({ ok: true });
  });
  // Straight on Node's response, as a library might (in-process there is none).
  app.get('/covered/progressive', (c) => {
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    outgoing?.setHeader('Cache-Control', 'public');
    outgoing?.appendHeader('X-Frame-Options', 'SAMEORIGIN');
    outgoing?.setHeader('X-Own', 'kept');
    return c.json({ ok: true });
  });
  app.get('/covered/native', () => new Response('text', { headers: { 'cache-control': 'public' } }));
  app.get('/covered/fails', () => {
    throw new Error('boom');
  });
  app.get('/elsewhere', (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ ok: true });
  });
  app.onError((_error, c) => c.json({ error: 'failed' }, 500));
  return app;
}

let server: ReturnType<typeof serve>;
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: buildApp().fetch,
        port: 0,
        hostname: '127.0.0.1',
        serverOptions: { ServerResponse: EnforcingServerResponse },
      },
      () => resolve(),
    );
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const over = {
  'on a Node socket': (path: string) => fetch(url + path),
  'in-process': (path: string) => Promise.resolve(buildApp().request(path)),
};

describe.each(Object.entries(over))('enforced headers, %s', (_how, get) => {
  it.each(['/covered/plain', '/covered/weakening', '/covered/progressive', '/covered/native', '/covered/fails'])(
    'are on %s, over what the handler set',
    async (path) => {
      const res = await get(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it("leave the handler's other headers and body alone", async () => {
    const res = await get('/covered/weakening');
    expect(res.headers.get('x-own')).toBe('kept');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("keep the headers a handler set on Node's response itself", async () => {
    const res = await get('/covered/progressive');
    if (_how === 'on a Node socket') expect(res.headers.get('x-own')).toBe('kept');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('are not on routes outside the middleware', async () => {
    const res = await get('/elsewhere');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });
});
