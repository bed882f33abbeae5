import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, userRoles } from '../db/schema';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The sign-in check reads the session, its account's state and its roles in
 * one query on every request (lib/session-lookup.ts, decision 016): nothing
 * about a session is remembered between requests.
 */
const SECRET = 'a-test-secret-that-is-long-enough-for-auth-0123456789';
const COOKIE = 'calm.session_token';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUTH_SECRET: SECRET });
});
afterAll(() => server.close());

const signed = (value: string, secret = SECRET) =>
  encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

/**
 * Signs a new member up, then in (sign-up itself gives no session, decision 009);
 * `body` goes with the sign-in. Returns their id, session token and a Cookie header carrying it.
 */
async function member(email: string, body: Record<string, unknown> = {}) {
  const post = (path: string, payload: Record<string, unknown>) =>
    fetch(`${server.url}/api/auth/${path}`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  expect((await post('sign-up/email', { name: 'Session Tester', email, password: 'calm-river-42' })).status).toBe(200);
  const res = await post('sign-in/email', { email, password: 'calm-river-42', ...body });
  expect(res.status).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return { id: user.id, token: session!.token, cookie };
}

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} }).then((r) => r.status);

describe('the session cookie', () => {
  it('is accepted only with better-auth’s signature made with this server’s secret', async () => {
    const { token } = await member('signature@example.com');
    expect(await get('/api/me/profile', `${COOKIE}=${signed(token)}`)).toBe(200);
    expect(await get('/api/me/profile', `${COOKIE}=${token}`)).toBe(401);
    expect(await get('/api/me/profile', `${COOKIE}=${signed(token, `${SECRET}-other`)}`)).toBe(401);
    const [head, signature] = decodeURIComponent(signed(token)).split('.');
    expect(await get('/api/me/profile', `${COOKIE}=${encodeURIComponent(`${head}x.${signature}`)}`)).toBe(401);
    expect(await get('/api/me/profile', `${COOKIE}=${signed('no-such-session-token-000000000')}`)).toBe(401);
  });

  it('is refused on the next request once the session is signed out, wherever the cookie was copied', async () => {
    const { cookie } = await member('signout@example.com');
    const tab = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, { ...init, headers: { cookie, origin: server.url, ...init.headers } });
    expect((await tab('/api/me/profile')).status).toBe(200);
    const signOut = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect((await tab('/api/auth/sign-out', signOut)).status).toBe(200);
    expect(await get('/api/me/profile', cookie)).toBe(401);
  });

  it('stops working once the session has expired', async () => {
    const { token, cookie } = await member('expired@example.com');
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await get('/api/me/profile', cookie)).toBe(401);
  });
});

describe('the account behind the session', () => {
  it('is refused while deactivated, even if its sessions were left in place', async () => {
    const { id, cookie } = await member('paused@example.com');
    const setActive = (isActive: boolean) =>
      server.database.db.update(profiles).set({ isActive }).where(eq(profiles.id, id));
    await setActive(false);
    expect(await get('/api/me/profile', cookie)).toBe(401);
    await setActive(true);
    expect(await get('/api/me/profile', cookie)).toBe(200);
  });

  it('brings its roles from the same query, so a removed admin role counts on the next request', async () => {
    const { id, cookie } = await member('acting-admin@example.com');
    const grantUserRole = () =>
      fetch(`${server.url}/api/admin/users/${id}/roles`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'user' }),
      }).then((r) => r.status);
    expect(await grantUserRole()).toBe(403);

    await server.database.db.insert(userRoles).values({ userId: id, role: 'admin' });
    const roles = await fetch(`${server.url}/api/me/roles`, { headers: { cookie } }).then((r) => r.json());
    expect(roles).toEqual(['admin', 'user']);
    expect(await grantUserRole()).toBe(200);

    await server.database.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.role, 'admin')));
    expect(await grantUserRole()).toBe(403);
  });

  it('is read in one database round trip: the roles request and the profile read run one query each', async () => {
    const { cookie } = await member('round-trips@example.com');
    const client = (server.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    let count = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      count++;
      return query.apply(this, args);
    };
    try {
      expect(await get('/api/me/roles', cookie)).toBe(200);
      expect(count).toBe(1);
      count = 0;
      expect(await get('/api/me/profile', cookie)).toBe(200);
      expect(count).toBe(1);
    } finally {
      client.query = query;
    }
  });
});

describe('sliding expiry', () => {
  const expiryOf = async (token: string) =>
    (await server.database.db.select().from(sessions).where(eq(sessions.token, token)))[0]!.expiresAt.getTime();
  const DAY = 24 * 60 * 60 * 1000;

  it('extends a session once it is a day old, and not on every request before that', async () => {
    const { token, cookie } = await member('sliding@example.com');
    const fresh = await expiryOf(token);
    for (let i = 0; i < 3; i++) expect(await get('/api/me/profile', cookie)).toBe(200);
    expect(await expiryOf(token)).toBe(fresh);

    // Thirty-day sessions, refreshed after a day: a session with 28 days left is due.
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 28 * DAY) })
      .where(eq(sessions.token, token));
    const before = Date.now();
    expect(await get('/api/me/profile', cookie)).toBe(200);
    expect(await expiryOf(token)).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
  });

  it('never extends a "don\'t remember me" session', async () => {
    await member('forgetting@example.com');
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'forgetting@example.com', password: 'calm-river-42', rememberMe: false }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).toContain('calm.dont_remember=');
    const token = decodeURIComponent(cookie.match(/calm\.session_token=([^;]+)/)![1]!).split('.')[0]!;
    const before = await expiryOf(token);
    expect(await get('/api/me/profile', cookie)).toBe(200);
    expect(await expiryOf(token)).toBe(before);
  });
});
