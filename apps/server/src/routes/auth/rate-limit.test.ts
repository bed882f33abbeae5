import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { hashPassword } from '../../lib/auth/passwords';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { CLIENT_IP_HEADER } from '../../lib/http/client-ip';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_RATE_LIMIT_MAX: '3' });
  await server.client().signUp('target@example.com');
});
afterAll(() => server.close());

it('slows password guessing from one address, however the client labels itself', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    // A forged client-address header must not buy a fresh bucket.
    const res = await server.client().post(
      '/api/auth/sign-in/email',
      { email: 'target@example.com', password: `guess-${i}-xyz` },
      {
        [CLIENT_IP_HEADER]: `203.0.113.${i}`,
        'x-forwarded-for': `198.51.100.${i}`,
      },
    );
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.slice(3)).toEqual([429, 429]);
});

describe('the default per-address limit', () => {
  const OFFICE_ADDRESS = '203.0.113.10';
  const PASSWORD = 'monday-morning-tea';
  let office: TestServer;

  beforeAll(async () => {
    // The defaults (an empty value is "not set"), behind a proxy so the test speaks for one office address.
    office = await startTestServer({ SIGN_IN_RATE_LIMIT_MAX: '', TRUST_PROXY: 'true' });
    // Sixty colleagues' accounts, written straight to the database: this test is about signing in.
    const hash = await hashPassword(PASSWORD);
    const colleagues = Array.from({ length: 60 }, (_, i) => ({
      id: randomUUID(),
      name: `Colleague ${i}`,
      email: `colleague-${i}@office.example`,
      emailVerified: true,
    }));
    await office.database.db.insert(users).values(colleagues);
    await office.database.db.insert(accounts).values(
      colleagues.map((c) => ({
        id: randomUUID(),
        accountId: c.id,
        providerId: 'credential',
        userId: c.id,
        password: hash,
      })),
    );
  }, 60_000);
  afterAll(() => office.close());

  it('lets sixty colleagues behind one office address sign in within a minute, and still limits the address', async () => {
    const signIn = (email: string) =>
      office
        .client()
        .post('/api/auth/sign-in/email', { email, password: PASSWORD }, { 'x-forwarded-for': OFFICE_ADDRESS });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await signIn(`colleague-${i}@office.example`)).status);
    expect(statuses).toEqual(Array(60).fill(200));
    // The 61st request from the address in the same minute is refused.
    expect((await signIn('colleague-0@office.example')).status).toBe(429);
  }, 120_000);
});
