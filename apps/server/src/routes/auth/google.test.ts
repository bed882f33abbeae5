import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { accounts } from '../../db/schema';
import type { GoogleProfile } from 'better-auth/social-providers';
import type { GoogleIdentity } from '../../lib/auth/auth';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ GOOGLE_CLIENT_ID: 'client-123.apps.example', GOOGLE_CLIENT_SECRET: 'secret-xyz' });
});
afterAll(() => server.close());

it('offers Google sign-in only when it is configured', async () => {
  expect((await answer(server.client().api.config.$get())).body.google_sign_in).toBe(true);
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

describe('Google vouching for an address someone else signed up with a password', () => {
  // Google's side of the id-token sign-in: the token names the address, and Google says it is verified.
  const googleIdentity: GoogleIdentity = {
    verifyIdToken: async () => true,
    getUserInfo: async ({ idToken }) => {
      const email = idToken!;
      const profile = { sub: `google-${email}`, email, email_verified: true, name: 'Vera Victim' };
      return { user: { email, name: profile.name, emailVerified: true }, data: profile as GoogleProfile };
    },
  };
  let withGoogle: TestServer;
  beforeAll(async () => {
    withGoogle = await startTestServer(
      { GOOGLE_CLIENT_ID: 'client-123.apps.example', GOOGLE_CLIENT_SECRET: 'secret-xyz' },
      { googleIdentity },
    );
  });
  afterAll(() => withGoogle.close());

  it('drops the password that sign-up chose, so only the Google owner gets in', async () => {
    const attacker = withGoogle.client();
    const created = await attacker.requestSignUp('victim@gmail.example', 'attacker-chose-this-1');
    const userId = created.body.user.id as string;

    const victim = withGoogle.client();
    const signedIn = await victim.post('/api/auth/sign-in/social', {
      provider: 'google',
      idToken: { token: 'victim@gmail.example' },
    });
    expect(signedIn.status).toBe(200);
    expect((await answer(victim.api.me.profile.$get())).body.email).toBe('victim@gmail.example');

    expect((await attacker.signIn('victim@gmail.example', 'attacker-chose-this-1')).status).toBe(401);
    const rows = await withGoogle.database.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(rows.map((r) => r.providerId)).toEqual(['google']);
  });

  it('keeps the password of an account that had proven its address', async () => {
    const member = withGoogle.client();
    await member.signUp('proven@gmail.example', 'my-own-password-2');
    const viaGoogle = withGoogle.client();
    expect(
      (
        await viaGoogle.post('/api/auth/sign-in/social', {
          provider: 'google',
          idToken: { token: 'proven@gmail.example' },
        })
      ).status,
    ).toBe(200);
    expect((await withGoogle.client().signIn('proven@gmail.example', 'my-own-password-2')).status).toBe(200);
  });
});
