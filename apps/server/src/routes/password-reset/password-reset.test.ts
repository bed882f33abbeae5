import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const check = (token: string, on: TestServer = server) =>
  answer(on.client().api['password-reset'].check.$post({ json: { token } }));

/** A fresh recovery token for `email`, from the mail the reset request sends. */
async function recoveryToken(email: string) {
  const member = server.client();
  const res = await member.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/callback' });
  expect(res.status).toBe(200);
  return (await member.latestMailTo(email, /Reset your/)).token;
}

describe('POST /api/password-reset/check', () => {
  it('says a fresh link is usable, without spending it, and that it is not once used', async () => {
    await server.client().signUp('checker@example.com', 'first-light-11');
    const token = await recoveryToken('checker@example.com');

    expect(await check(token)).toMatchObject({ status: 200, body: { usable: true } });
    // Checking twice still leaves the link working: the check reads, never spends.
    expect((await check(token)).body).toEqual({ usable: true });
    const reset = await server.client().post('/api/auth/reset-password', { token, newPassword: 'second-light-12' });
    expect(reset.status).toBe(200);

    expect(await check(token)).toMatchObject({ status: 200, body: { usable: false } });
  });

  it('says an older link is spent once a newer one has been used', async () => {
    await server.client().signUp('twice@example.com', 'first-light-11');
    const older = await recoveryToken('twice@example.com');
    const newer = await recoveryToken('twice@example.com');
    expect((await check(older)).body).toEqual({ usable: true });
    await server.client().post('/api/auth/reset-password', { token: newer, newPassword: 'second-light-12' });
    expect((await check(older)).body).toEqual({ usable: false });
  });

  it('answers an unknown token as unusable, and refuses what is not a token with a 400', async () => {
    expect(await check('not-a-real-token-at-all')).toMatchObject({ status: 200, body: { usable: false } });
    expect((await check('')).status).toBe(400);
    expect((await check('x'.repeat(201))).status).toBe(400);
    // A number and an unknown field are bodies the typed client refuses to build: sent raw.
    expect((await server.client().post('/api/password-reset/check', { token: 42 })).status).toBe(400);
    expect((await server.client().post('/api/password-reset/check', { token: 'abc', extra: 1 })).status).toBe(400);
  });
});

describe('the check is rate limited per client address', () => {
  it('refuses the eleventh check in a minute with 429 and Retry-After', async () => {
    const limited = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await check(`guess-${i}`, limited)).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
