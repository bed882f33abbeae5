import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, userRoles } from '../db/schema';
import { ACCOUNT_CACHE_TTL_MS } from '../lib/accounts/account-cache';
import { answerWithin, waitFor } from '../test-support/wait-for';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The sign-in check reads the session, its account's state and its roles in
 * one query (lib/auth/session-lookup.ts, decision 016), remembered for a few seconds
 * and forgotten as soon as the database says any of them changed
 * (lib/accounts/account-cache.ts, decision 040). Each change below is made just after
 * the session was read: one made through the server counts on the next
 * request; one made in SQL counts once its notice arrives, at once on PGlite
 * and a moment after the commit on PostgreSQL (answerWithin: within a second).
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
  // A confirmed account (decision 046); the confirming client's session ends, so the one below is the only one.
  const confirmer = server.client();
  await confirmer.signUp(email, 'calm-river-42', 'Session Tester');
  await confirmer.signOut();
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

  it('is served from memory for at most a few seconds if the database’s notice never comes', async () => {
    const { token, cookie } = await member('no-notice@example.com');
    expect(await get('/api/me/profile', cookie)).toBe(200);
    // A notice lost without the bus seeing its connection drop: only the time limit is left.
    const trigger = (on: boolean) =>
      server.database.db.execute(
        sql.raw(`alter table sessions ${on ? 'enable' : 'disable'} trigger sessions_notify_account_changed`),
      );
    await trigger(false);
    try {
      await server.database.db.delete(sessions).where(eq(sessions.token, token));
      const deleted = Date.now();
      expect(await get('/api/me/profile', cookie)).toBe(200);
      await waitFor(async () => (await get('/api/me/profile', cookie)) === 401, 'the remembered session to lapse');
      expect(Date.now() - deleted).toBeLessThan(ACCOUNT_CACHE_TTL_MS + 1000);
    } finally {
      await trigger(true);
    }
  });

  it('stops working once the session has expired', async () => {
    const { token, cookie } = await member('expired@example.com');
    expect(await get('/api/me/profile', cookie)).toBe(200);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await answerWithin(() => get('/api/me/profile', cookie), 401)).toBe(401);
  });
});

describe('the account behind the session', () => {
  it('is refused while deactivated, even if its sessions were left in place', async () => {
    const { id, cookie } = await member('paused@example.com');
    const setActive = (isActive: boolean) =>
      server.database.db.update(profiles).set({ isActive }).where(eq(profiles.id, id));
    expect(await get('/api/me/profile', cookie)).toBe(200);
    await setActive(false);
    expect(await answerWithin(() => get('/api/me/profile', cookie), 401)).toBe(401);
    await setActive(true);
    expect(await get('/api/me/profile', cookie)).toBe(200);
  });

  it('brings its roles from the same query, so a removed admin role counts once the database says so', async () => {
    // An admin needs a second factor (decision 047): this member sets one up before being made admin.
    const acting = server.client();
    const id: string = (await acting.signUp('acting-admin@example.com')).body.user.id;
    await acting.enrolSecondFactor();
    const cookie = acting.cookieHeader();
    const grantUserRole = () =>
      fetch(`${server.url}/api/admin/users/${id}/roles`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'user' }),
      }).then((r) => r.status);
    expect(await grantUserRole()).toBe(403);

    await server.database.db.insert(userRoles).values({ userId: id, role: 'admin' });
    const roles = await answerWithin(
      () => fetch(`${server.url}/api/me/roles`, { headers: { cookie } }).then((r) => r.json()),
      ['admin', 'user'],
    );
    expect(roles).toEqual(['admin', 'user']);
    expect(await grantUserRole()).toBe(200);

    await server.database.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.role, 'admin')));
    expect(await answerWithin(grantUserRole, 403)).toBe(403);
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
      // The session is remembered now, so the profile read is its one query. On PostgreSQL a
      // notice of the sign-in's own writes may still be on its way and empty the memory once.
      const profileQueries = async () => {
        count = 0;
        expect(await get('/api/me/profile', cookie)).toBe(200);
        return count;
      };
      expect(await answerWithin(profileQueries, 1)).toBe(1);
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
    // Changed in SQL: the server counts it once the database's notice arrives.
    const before = Date.now();
    const extended = async () =>
      (await get('/api/me/profile', cookie)) === 200 && (await expiryOf(token)) >= before + 30 * DAY - 1000;
    expect(await answerWithin(extended, true)).toBe(true);
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
