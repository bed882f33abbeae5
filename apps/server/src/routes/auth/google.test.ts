import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ GOOGLE_CLIENT_ID: 'client-123.apps.example', GOOGLE_CLIENT_SECRET: 'secret-xyz' });
});
afterAll(() => server.close());

it('offers Google sign-in only when it is configured', async () => {
  expect((await server.client().get('/api/config')).body.google_sign_in).toBe(true);
});

it('starts Google sign-in with our callback and sends the member back to / afterwards', async () => {
  const res = await server.client().post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
  expect(res.status).toBe(200);
  const url = new URL(res.body.url);
  expect(url.hostname).toBe('accounts.google.com');
  expect(url.searchParams.get('client_id')).toBe('client-123.apps.example');
  expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/google`);
  // The state cookie binds the round trip to this browser.
  expect(res.headers.getSetCookie().some((c) => c.includes('state'))).toBe(true);
});

it('refuses to send the member anywhere but our own origin afterwards', async () => {
  const res = await server.client().post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: 'https://evil.example/steal',
  });
  expect(res.status).toBe(403);
});
