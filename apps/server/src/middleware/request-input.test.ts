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
  MAX_JSON_DEPTH,
  NUL_CHARACTER_MESSAGE,
  TOO_DEEP_MESSAGE,
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
    [
      'POST',
      '/api/auth/sign-up/email',
      { name: 'Big', email: 'big@example.com', password: 'calm-river-42', ageConfirmed: true },
      false,
    ],
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
    const body = JSON.stringify({
      name: 'Chunked',
      email: 'chunked-ok@example.com',
      password: 'calm-river-42',
      ageConfirmed: true,
    });
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
    // NUL in a key, a path and a query: hostile input only the raw client sends.
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

describe('deep nesting, form bodies and what is logged', () => {
  const errorsLogged = () => logs.entries.filter((e) => e.level >= LOG_LEVEL.error);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('answers JSON nested thousands of levels deep with 400, where better-auth overflowed the stack', async () => {
    const errorsBefore = errorsLogged().length;
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    for (const [path, body] of [
      ['/api/auth/update-user', `{"name":"Deep","extra":${deep(4000)}}`],
      ['/api/auth/change-password', `{"currentPassword":"x","newPassword":"y","extra":${deep(4000)}}`],
      ['/api/auth/sign-in/email', `{"email":"limits@example.com","password":${'['.repeat(8000) + ']'.repeat(8000)}}`],
    ] as const) {
      const res = await rawRequest('POST', path, { body, headers: { cookie: memberCookie } });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: TOO_DEEP_MESSAGE });
    }
    expect(errorsLogged().length).toBe(errorsBefore);
  });

  it(`takes JSON nested ${MAX_JSON_DEPTH} levels deep`, async () => {
    const nested = '{"a":'.repeat(MAX_JSON_DEPTH - 1) + '1' + '}'.repeat(MAX_JSON_DEPTH - 1);
    const res = await rawRequest('PATCH', '/api/me/profile', {
      body: `{"extra":${nested}}`,
      headers: { cookie: memberCookie },
    });
    // Past the guard: the profile's own schema names the unknown field.
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveProperty('extra');
  });

  it('refuses NUL in a form-encoded body as in JSON, before better-auth writes or logs anything', async () => {
    const before = await userCount();
    const errorsBefore = errorsLogged().length;
    const res = await server
      .client()
      .request(
        'POST',
        '/api/auth/sign-up/email',
        'name=Ada%00Secret&email=ada.secret%40example.com&password=calm-river-42-x',
        form,
      );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NUL_CHARACTER_MESSAGE });
    expect(await userCount()).toBe(before);
    expect(errorsLogged().length).toBe(errorsBefore);
    expect(JSON.stringify(logs.entries)).not.toContain('ada.secret');
  });

  it('refuses a form-encoded body over the size limit, as JSON', async () => {
    const body = `email=limits%40example.com&password=${'x'.repeat(MAX_API_BODY_BYTES)}`;
    const res = await rawRequest('POST', '/api/auth/sign-in/email', { body, headers: form });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
  });

  it('logs what anonymous clients get wrong at warn, never at error, and never their address', async () => {
    // A sign-in asking to be sent to another site afterwards: better-auth refuses it, and logs it.
    const foreign = await server.client().post('/api/auth/sign-in/email', {
      email: 'limits@example.com',
      password: 'calm-river-42',
      callbackURL: 'https://evil.example/welcome',
    });
    expect(foreign.status).toBe(403);
    await logs.waitFor((e) => typeof e.msg === 'string' && e.msg.includes('evil.example'));

    // Signing up with a member's address is answered like a new one (decision 009), and not logged with it.
    const taken = await server.client().post('/api/auth/sign-up/email', {
      name: 'Someone Else',
      email: 'limits@example.com',
      password: 'calm-river-43-y',
      ageConfirmed: true,
    });
    expect(taken.status).toBe(200);

    // (Local mode's mailbox prints the mails it keeps, addresses included: a development tool, not this.)
    const authLines = logs.entries.filter((e) => String(e.msg).startsWith('auth:') || e.level >= LOG_LEVEL.warn);
    expect(authLines.length).toBeGreaterThan(0);
    expect(authLines.filter((e) => e.level >= LOG_LEVEL.error)).toEqual([]);
    expect(JSON.stringify(authLines)).not.toContain('limits@example.com');
  });
});
