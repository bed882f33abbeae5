import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from './db/schema';
import { loadConfig } from './env';
import { createLogger } from './lib/logger';
import { startServer, type RunningServer } from './server';
import { freePort } from './test-support/free-port';
import { createTestDatabase, createTestDataDir, type TestDatabase } from './test-support/test-database';

/** Production mode's extra guarantees, on the test database of this run. */
let server: RunningServer;
let testDb: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = testDb.url ? 'memory://' : createTestDataDir('calm-production-');
  const port = await freePort();
  const config = loadConfig({
    APP_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: 'postgres://placeholder/replaced-below',
    AUTH_SECRET: 'a-long-production-secret-of-32-chars!',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Nothing listens here: sending fails and is only logged.
    SMTP_URL: 'smtp://127.0.0.1:9',
    WHATSAPP_NUMBER: '447700900123',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  server = await startServer({ ...config, databaseUrl: testDb.url, dataDir }, createLogger('silent'));
});
/** No mailbox in production: the address is marked proven in the database, as its link would (decision 046). */
const proveAddress = (email: string) =>
  server.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

afterAll(async () => {
  await server.close();
  await testDb.drop();
  if (dataDir !== 'memory://') fs.rmSync(dataDir, { recursive: true, force: true });
});

it('never serves the local mailbox', async () => {
  expect((await fetch(`${server.url}/api/dev/mailbox`)).status).toBe(404);
});

it('never serves the local subscription helper', async () => {
  const headers = { 'content-type': 'application/json', origin: server.url };
  const body = JSON.stringify({
    email: 'x@example.com',
    plan_key: 'summit',
    current_period_end: '2999-01-01T00:00:00Z',
  });
  for (const res of [
    await fetch(`${server.url}/api/dev/subscriptions`, { method: 'PUT', headers, body }),
    await fetch(`${server.url}/api/dev/subscriptions/x%40example.com`, { method: 'DELETE', headers }),
  ]) {
    // The API's catch-all answer, not the helper's own "No account with that email".
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  }
});

it('never serves the WhatsApp phone simulator', async () => {
  const headers = { 'content-type': 'application/json', origin: server.url };
  for (const res of [
    await fetch(`${server.url}/api/dev/whatsapp/phones/447700900123`),
    await fetch(`${server.url}/api/dev/whatsapp/media/00000000-0000-4000-8000-000000000000`),
    await fetch(`${server.url}/api/dev/whatsapp/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: '447700900123', profile_name: 'A', text: 'Hi' }),
    }),
  ]) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  }
});

it('never serves the local payment provider, and sells nothing without Stripe', async () => {
  const headers = { 'content-type': 'application/json', origin: server.url };
  for (const res of [
    await fetch(`${server.url}/api/local-payments/portal`),
    await fetch(`${server.url}/api/local-payments/checkout/00000000-0000-4000-8000-000000000000/pay`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ card_number: '4242424242424242', expiry: '12 / 40', cvc: '123' }),
    }),
  ]) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  }
  const member = {
    name: 'Prod Payer',
    email: 'prod-payer@example.com',
    password: 'secure-cookie-77',
    ageConfirmed: true,
  };
  await fetch(`${server.url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify(member) });
  await proveAddress(member.email);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const checkout = await fetch(`${server.url}/api/me/subscription/checkout`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ plan_key: 'space_pass', billing_period: 'month' }),
  });
  expect(checkout.status).toBe(503);
  expect(await checkout.json()).toEqual({ error: 'Payments are not available right now. Please try again later.' });
});

it('sends HSTS on the API and on pages', async () => {
  for (const route of ['/api/health', '/']) {
    const res = await fetch(`${server.url}${route}`);
    expect(res.headers.get('strict-transport-security'), route).toMatch(/max-age=\d+/);
  }
});

it('marks session cookies Secure', async () => {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
  const signUp = { name: 'Prod', email: 'prod@example.com', password: 'secure-cookie-77', ageConfirmed: true };
  const signedUp = await post('/api/auth/sign-up/email', signUp);
  expect(signedUp.status).toBe(200);
  // The mark of the browser that signed up (decision 046) is a Secure, httpOnly cookie too.
  const mark = signedUp.headers.getSetCookie().find((c) => c.startsWith('__Secure-calm.sign_up_browser='))!;
  expect(mark).toMatch(/; Secure/);
  expect(mark).toMatch(/HttpOnly/);
  await proveAddress(signUp.email);
  const res = await post('/api/auth/sign-in/email', { email: signUp.email, password: signUp.password });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!;
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/HttpOnly/);
});

it('reads the __Secure- session cookie on API requests, and only that one', async () => {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      name: 'Prod',
      email: 'prod-api@example.com',
      password: 'secure-cookie-77',
      ageConfirmed: true,
    }),
  });
  expect(res.status).toBe(200);
  await proveAddress('prod-api@example.com');
  // Sign-up gives no session (decision 009): sign in to get one.
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'prod-api@example.com', password: 'secure-cookie-77' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.includes('session_token'))!
    .split(';')[0]!;
  expect(cookie).toMatch(/^__Secure-calm\.session_token=/);
  expect((await fetch(`${server.url}/api/me/profile`, { headers: { cookie } })).status).toBe(200);
  const unprefixed = cookie.replace('__Secure-', '');
  expect((await fetch(`${server.url}/api/me/profile`, { headers: { cookie: unprefixed } })).status).toBe(401);
});

it('has no WhatsApp bridge without its settings: the handshake and every webhook are refused', async () => {
  const handshake = await fetch(
    `${server.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=anything-at-all&hub.challenge=1`,
  );
  expect(handshake.status).toBe(403);
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
  const webhook = await fetch(`${server.url}/api/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    body,
  });
  expect(webhook.status).toBe(401);
  expect(server.whatsapp.mode).toBe('off');
});
