import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like, sql } from 'drizzle-orm';
import { SIGN_IN_LOCKED_CODE, signInLockedMessage } from '@app/shared';
import { rateLimitCounters } from '../../db/schema';
import type { TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * Password guessing against one account from many addresses (docs/decisions/011).
 * TRUST_PROXY lets the test speak for many addresses through X-Forwarded-For (its
 * last entry is the one the server believes); each address stays within the
 * per-address limit of 5 sign-ins a minute, as a distributed attacker would.
 */
const SLOWDOWN_MS = 100;
const LOCKED = signInLockedMessage(15);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'true',
    // Room for this file's seven sign-ups from one address; the guessers use 5 a minute each.
    SIGN_IN_RATE_LIMIT_MAX: '10',
    SIGN_IN_ACCOUNT_SLOWDOWN_AFTER: '5',
    SIGN_IN_ACCOUNT_SLOWDOWN_MS: String(SLOWDOWN_MS),
    SIGN_IN_ACCOUNT_LOCK_AFTER: '10',
    SIGN_IN_ACCOUNT_LOCK_SECONDS: '900',
  });
  for (const email of [
    'owner@example.com',
    'second@example.com',
    'third@example.com',
    'crowd@example.com',
    'known@example.com',
    'other-known@example.com',
    'changer@example.com',
  ]) {
    await server.client().signUp(email, 'amber-lantern-road');
  }
});
afterAll(() => server.close());

let nextAddress = 0;
/** A sign-in from an address never used before in this file. */
async function signInFromNewAddress(email: string, password: string) {
  const n = nextAddress++;
  return server.client().post('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': `10.0.${n}.1` });
}

/** 10 addresses of `network` take turns, 5 guesses each: 50 wrong passwords in well under a minute. */
async function guessFromTenAddresses(email: string, network: string) {
  const results: { status: number; message: string; ms: number }[] = [];
  const addresses = Array.from({ length: 10 }, (_, i) => `${network}.${i + 1}`);
  for (let round = 0; round < 5; round++) {
    for (const address of addresses) {
      const started = Date.now();
      const res = await server
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email, password: `wrong-guess-${round}-${address}` },
          { 'x-forwarded-for': address },
        );
      results.push({ status: res.status, message: res.body?.message, ms: Date.now() - started });
    }
  }
  return results;
}

const mailsTo = async (to: string) => (await server.client().mailbox()).filter((m) => m.to === to);

/** Moves the clock past the lock's end, as waiting 15 minutes would. */
async function endLocks() {
  await server.database.db
    .update(rateLimitCounters)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(like(rateLimitCounters.key, 'sign-in-%'));
}

describe('guessing one account from many addresses', () => {
  let owner: Awaited<ReturnType<typeof guessFromTenAddresses>>;

  beforeAll(async () => {
    owner = await guessFromTenAddresses('owner@example.com', '192.0.2');
  });

  it('answers the first 10 wrong passwords, slowing those after the 5th, then locks the account', () => {
    expect(owner.map((r) => r.status)).toEqual([...Array(10).fill(401), ...Array(40).fill(429)]);
    expect(owner.slice(0, 10).every((r) => r.message === 'Invalid email or password')).toBe(true);
    expect(owner.slice(10).every((r) => r.message === LOCKED)).toBe(true);
    // Attempts 6 to 10 wait 1, 2, 4, 4 and 4 times the first delay before the password is checked.
    expect(owner.slice(5, 10).map((r) => r.ms)).toEqual(
      [1, 2, 4, 4, 4].map((k) => expect.toSatisfy((ms: number) => ms >= k * SLOWDOWN_MS)),
    );
  });

  it('refuses even the right password while locked, with a clear message and Retry-After', async () => {
    const res = await signInFromNewAddress('owner@example.com', 'amber-lantern-road');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ message: LOCKED, code: SIGN_IN_LOCKED_CODE });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('mails the owner once, with a way to reset the password', async () => {
    const lockMails = async () =>
      (await mailsTo('owner@example.com')).filter((m) => m.subject === 'Sign-in to your Calm Space account is paused');
    await expect.poll(() => lockMails().then((m) => m.length)).toBeGreaterThan(0);
    // 40 refused guesses and a refused right password later, still one.
    const locks = await lockMails();
    expect(locks).toHaveLength(1);
    expect(locks[0]!.text).toContain('paused sign-in to it for 15 minutes');
    expect(locks[0]!.links).toContain(`${server.url}/auth?reset`);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const unknown = await guessFromTenAddresses('nobody-here@example.com', '198.18.0');
    const view = (rs: typeof unknown) => rs.map(({ status, message }) => ({ status, message }));
    expect(view(unknown)).toEqual(view(owner));
    const right = await signInFromNewAddress('nobody-here@example.com', 'amber-lantern-road');
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(LOCKED);
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
  });

  it('counts the address as typed in any case as the same account', async () => {
    const res = await signInFromNewAddress(' Owner@Example.COM ', 'amber-lantern-road');
    expect(res.status).toBe(429);
  });
});

describe('the lock', () => {
  it('ends after its window: then the right password works and the count starts afresh', async () => {
    for (let i = 0; i < 10; i++) await signInFromNewAddress('second@example.com', `not-it-${i}-x`);
    expect((await signInFromNewAddress('second@example.com', 'amber-lantern-road')).status).toBe(429);

    await endLocks();
    expect((await signInFromNewAddress('second@example.com', 'amber-lantern-road')).status).toBe(200);
    // A success clears the count: a single slip afterwards is just a wrong password.
    expect((await signInFromNewAddress('second@example.com', 'not-it-again')).status).toBe(401);
  });

  it('ends with a password reset, which the owner can do while locked', async () => {
    for (let i = 0; i < 10; i++) await signInFromNewAddress('third@example.com', `not-it-${i}-y`);
    expect((await signInFromNewAddress('third@example.com', 'amber-lantern-road')).status).toBe(429);

    const visitor = server.client();
    const requested = await visitor.post(
      '/api/auth/request-password-reset',
      { email: 'third@example.com', redirectTo: '/auth/callback' },
      { 'x-forwarded-for': '198.51.100.200' },
    );
    expect(requested.status).toBe(200);
    const { token } = await visitor.latestMailTo('third@example.com', /Reset your/);
    const reset = await visitor.post(
      '/api/auth/reset-password',
      { token, newPassword: 'copper-meadow-lights' },
      { 'x-forwarded-for': '198.51.100.200' },
    );
    expect(reset.status).toBe(200);

    expect((await signInFromNewAddress('third@example.com', 'copper-meadow-lights')).status).toBe(200);
  });

  it('holds against parallel guesses: no more than 10 passwords are ever checked', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) =>
      server
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email: 'crowd@example.com', password: `parallel-${i}-z` },
          { 'x-forwarded-for': `203.0.113.${Math.floor(i / 4) + 1}` },
        ),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect((await signInFromNewAddress('crowd@example.com', 'amber-lantern-road')).status).toBe(429);
  });
});

describe('the owner, from a browser that signed in before', () => {
  /** A browser that has signed in to `email` (and so holds its known-device cookie), then signed out. */
  async function knownBrowser(email: string) {
    const browser = server.client();
    const res = await browser.post(
      '/api/auth/sign-in/email',
      { email, password: 'amber-lantern-road' },
      { 'x-forwarded-for': `172.16.${nextAddress++ % 250}.1` },
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('calm.known_device='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=15552000/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    await browser.signOut();
    return browser;
  }
  const signInWith = (browser: TestClient, email: string, password: string) =>
    browser.post('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': `10.1.${nextAddress++}.1` });

  it('gets in while strangers have locked the account, within a limit of its own; anyone else is still refused', async () => {
    const owner = await knownBrowser('known@example.com');
    await guessFromTenAddresses('known@example.com', '192.0.4');
    expect((await signInFromNewAddress('known@example.com', 'amber-lantern-road')).status).toBe(429);

    const res = await signInWith(owner, 'known@example.com', 'amber-lantern-road');
    expect(res.status).toBe(200);
    // The strangers' lock stands for everyone else.
    expect((await signInFromNewAddress('known@example.com', 'amber-lantern-road')).status).toBe(429);

    // The known browser is itself limited: ten wrong passwords, then it is refused too.
    await owner.signOut();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signInWith(owner, 'known@example.com', `nope-${i}-q`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const right = await signInWith(owner, 'known@example.com', 'amber-lantern-road');
    expect(right.status).toBe(429);
    expect(right.body.code).toBe(SIGN_IN_LOCKED_CODE);
  });

  it('counts for its own account only, and a forged cookie counts for nothing', async () => {
    const other = await knownBrowser('other-known@example.com');
    await guessFromTenAddresses('owner@example.com', '192.0.5');
    expect((await signInWith(other, 'owner@example.com', 'amber-lantern-road')).status).toBe(429);

    // The same cookie with another account's id: its signature no longer holds.
    const forged = server.client();
    const [, signature] = /known_device=[^;]*\.([^.;]+)$/.exec(other.cookieHeader())!;
    const [ownerId] = await server.database.db
      .execute(sql`select id from users where email = 'owner@example.com'`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    const value = encodeURIComponent(
      `known-device:${ownerId}:${Math.floor(Date.now() / 1000)}.${decodeURIComponent(signature!)}`,
    );
    const res = await forged.post(
      '/api/auth/sign-in/email',
      { email: 'owner@example.com', password: 'amber-lantern-road' },
      { cookie: `calm.known_device=${value}`, 'x-forwarded-for': '10.2.0.1' },
    );
    expect(res.status).toBe(429);
  });
});

describe('changing the password', () => {
  it('counts wrong current passwords on the account’s sign-in count, and is refused the same way once locked', async () => {
    const member = server.client();
    expect((await member.signIn('changer@example.com', 'amber-lantern-road')).status).toBe(200);
    const change = (currentPassword: string, n: number) =>
      member.post(
        '/api/auth/change-password',
        { currentPassword, newPassword: 'tulip-anvil-orbit-7' },
        { 'x-forwarded-for': `10.3.${n}.1` },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await change(`wrong-current-${i}`, i)).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);

    const right = await change('amber-lantern-road', 99);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ message: LOCKED, code: SIGN_IN_LOCKED_CODE });
    // The same lock as sign-in's: it counts for signing in too.
    expect((await signInFromNewAddress('changer@example.com', 'amber-lantern-road')).status).toBe(429);
  });
});
