import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { CLIENT_IP_HEADER } from '../../lib/client-ip';

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
