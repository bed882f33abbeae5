import http from 'node:http';
import { count } from 'drizzle-orm';
import { MAX_REFLECTION_LENGTH } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { captureLogs, LOG_LEVEL } from '../test-support/captured-logs';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  BODY_TOO_LARGE_MESSAGE,
  MALFORMED_BODY_MESSAGE,
  MAX_API_BODY_BYTES,
  NUL_CHARACTER_MESSAGE,
} from './request-input';

/** Request bodies and URLs as an attacker sends them, before any handler (better-auth's included) runs. */
let server: TestServer;
let memberCookie: string;
const logs = captureLogs();

beforeAll(async () => {
  server = await startTestServer({}, { logger: logs.logger });
  expect((await server.client().signUp('limits@example.com')).status).toBe(200);
  // The session cookie, for the requests this test writes by hand.
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'limits@example.com', password: 'calm-river-42' }),
  });
  expect(res.status).toBe(200);
  memberCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
});
afterAll(() => server.close());

const userCount = async () => (await server.database.db.select({ n: count() }).from(users))[0]!.n;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * A request over a plain socket, so the test controls exactly what is sent
 * (no Content-Length, a hang-up mid-body) and sees the answer even when the
 * server answers before reading everything.
 */
function rawRequest(
  method: string,
  path: string,
  { body, chunked = false, headers = {} }: { body?: string; chunked?: boolean; headers?: Record<string, string> },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    const req = http.request(url, {
      method,
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        ...(body !== undefined && !chunked && { 'content-length': String(Buffer.byteLength(body)) }),
        ...headers,
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: the test sees the text
        }
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed });
      });
    });
    // The server may close the connection while the rest of the body is still on its way.
    req.on('error', (error) => !answered && reject(error));
    if (body === undefined) return req.end();
    if (!chunked) return req.end(body);
    // Transfer-Encoding: chunked, 16 KB at a time, as a streaming client sends it.
    const writeNext = (offset: number) => {
      if (answered || req.destroyed) return;
      if (offset >= body.length) return req.end();
      req.write(body.slice(offset, offset + 16 * 1024), () => writeNext(offset + 16 * 1024));
    };
    writeNext(0);
  });
}

const oneMegabyteJson = (fields: Record<string, unknown>) =>
  JSON.stringify({ ...fields, padding: 'x'.repeat(1024 * 1024) });

describe('request size', () => {
  const endpoints: Array<[method: string, path: string, fields: Record<string, unknown>, member: boolean]> = [
    ['POST', '/api/auth/sign-in/email', { email: 'limits@example.com', password: 'calm-river-42' }, false],
    ['POST', '/api/auth/sign-up/email', { name: 'Big', email: 'big@example.com', password: 'calm-river-42' }, false],
    ['POST', '/api/auth/update-user', { name: 'Big' }, true],
    ['POST', '/api/exit-surveys', { name: 'Big', email: 'big@example.com' }, false],
    ['PATCH', '/api/me/profile', { full_name: 'Big' }, true],
  ];

  it.each(endpoints)(
    'refuses a 1 MB body to %s %s with 413 before reading it',
    async (method, path, fields, member) => {
      const before = await userCount();
      const headers: Record<string, string> = member ? { cookie: memberCookie } : {};
      const res = await rawRequest(method, path, { body: oneMegabyteJson(fields), headers });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
      expect(res.headers.connection).toBe('close');
      expect(await userCount()).toBe(before);
    },
  );

  it('leaves room for the largest valid form, a reflection of the longest allowed text', () => {
    // The costliest characters to send: control characters, escaped as \u00XX (6 bytes each).
    const worst = JSON.stringify({
      reflection_text: '\u0001'.repeat(MAX_REFLECTION_LENGTH),
      strategic_prompt_id: null,
    });
    expect(Buffer.byteLength(worst)).toBeLessThan(MAX_API_BODY_BYTES);
  });

  it('counts the bytes of a chunked body that announces no length', async () => {
    const before = await userCount();
    const body = oneMegabyteJson({ name: 'Chunked', email: 'chunked@example.com', password: 'calm-river-42' });
    const res = await rawRequest('POST', '/api/auth/sign-up/email', { body, chunked: true });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
    expect(await userCount()).toBe(before);
  });

  it('accepts a chunked body within the limit, and one right at it', async () => {
    const body = JSON.stringify({ name: 'Chunked', email: 'chunked-ok@example.com', password: 'calm-river-42' });
    const res = await rawRequest('POST', '/api/auth/sign-up/email', { body, chunked: true });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('chunked-ok@example.com');

    const atLimit = JSON.stringify({ full_name: 'At the limit', x: '' });
    const padded = atLimit.replace('"x":""', `"x":"${'y'.repeat(MAX_API_BODY_BYTES - atLimit.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(MAX_API_BODY_BYTES);
    const reached = await rawRequest('PATCH', '/api/me/profile', { body: padded, headers: { cookie: memberCookie } });
    // Past the size check: the profile schema refuses the unknown key, by name.
    expect(reached.status).toBe(400);
    expect(reached.body.fieldErrors).toHaveProperty('x');
  });

  it('logs a client that hangs up mid-upload as such, not as a server error', async () => {
    // Expect: 100-continue makes the server say when it has taken the request in hand.
    const req = http.request(new URL('/api/auth/sign-in/email', server.url), {
      method: 'POST',
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        'content-length': '20000',
        expect: '100-continue',
      },
    });
    req.on('error', () => {}); // we are the ones hanging up
    req.flushHeaders();
    await new Promise((resolve) => req.once('continue', resolve));
    await new Promise((resolve) => req.write('{"email":"limits@example.com","password":"', resolve));
    req.destroy();

    const closed = await logs.waitFor((e) => e.msg === 'client closed the request');
    expect(closed).toMatchObject({ level: LOG_LEVEL.info, path: '/api/auth/sign-in/email' });
    const logged = await logs.waitFor((e) => e.msg === 'request' && e.status === 499);
    expect(logged.path).toBe('/api/auth/sign-in/email');
    expect(logs.entries.filter((e) => e.level >= LOG_LEVEL.error)).toEqual([]);
    expect(logs.entries.filter((e) => typeof e.status === 'number' && e.status >= 500)).toEqual([]);
  });
});

describe('hostile text', () => {
  it('refuses NUL in a JSON body with 400 before better-auth sees it, and creates nothing', async () => {
    const before = await userCount();
    const res = await server
      .client()
      .post('/api/auth/sign-up/email', { name: 'Nul\u0000Name', email: 'nul@example.com', password: 'calm-river-42' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NUL_CHARACTER_MESSAGE });
    expect(await userCount()).toBe(before);
  });

  it('refuses NUL in a key, in a path id and in a query string', async () => {
    const member = server.client();
    await member.signIn('limits@example.com');
    for (const res of [
      await member.patch('/api/me/profile', { 'full_name\u0000': 'x' }),
      await member.get('/api/admin/users/abc%00def'),
      await member.delete('/api/dev/subscriptions/a%00@example.com'),
      await member.get('/api/me/reflections?before=%00'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: NUL_CHARACTER_MESSAGE });
    }
  });

  it('answers malformed JSON to the auth endpoints with 400 JSON', async () => {
    for (const body of ['{"email": "a@example.com",', 'not json', '{"a":1}}']) {
      const res = await server.client().request('POST', '/api/auth/sign-in/email', body, {
        'content-type': 'application/json',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: MALFORMED_BODY_MESSAGE });
    }
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'answers a body key named %s with 400 and its name, not 500',
    async (key) => {
      const res = await server.client().request('POST', '/api/exit-surveys', `{"${key}": 1}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid input');
      expect(Object.keys(res.body.fieldErrors)).toContain(key);
    },
  );
});
