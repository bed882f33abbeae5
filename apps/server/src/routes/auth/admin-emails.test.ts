import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { users } from '../../db/schema';
import { createAuth } from '../../lib/auth/auth';
import { createLogger } from '../../lib/logger';
import { rolesOf } from '../../lib/accounts/roles';
import { loadConfig } from '../../env';

/** ADMIN_EMAILS grants the admin role to a proven address only (decision 010). */
let server: TestServer;
const ADMIN_EMAILS = [
  'boss@example.com',
  'deputy@example.com',
  'forgetful.boss@example.com',
  'google.boss@example.com',
  'unvouched.boss@example.com',
].join(',');

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS });
});
afterAll(() => server.close());

const roles = async (client: TestClient) => (await answer(client.api.me.roles.$get())).body as string[];
/** An admin-only action: making oneself admin. */
// Granting admin asks the granter's authenticator code (decision 061); none before one is set up.
const promoteSelf = (client: TestClient, id: string) =>
  answer(
    client.api.admin.users[':id'].roles.$post({
      param: { id },
      json: { role: 'admin', code: client.secondFactor ? client.authenticatorCode() : '000000' },
    }),
  );

describe('a sign-up with a listed address', () => {
  let signer: TestClient;
  let id: string;

  beforeAll(async () => {
    signer = server.client();
    const created = await signer.requestSignUp('Boss@Example.com', 'takeover-attempt-1');
    expect(created.status).toBe(200);
    id = created.body.user.id;
  });

  it('holds no session, so no admin endpoint, while the address is unconfirmed', async () => {
    // No session at all before the address is proven (decision 046; pre-account-takeover.test.ts).
    expect((await signer.signIn('boss@example.com', 'takeover-attempt-1')).status).toBe(401);
    expect((await promoteSelf(signer, id)).status).toBe(401);
  });

  it('cannot declare its own address verified', async () => {
    const res = await signer.post('/api/auth/update-user', { emailVerified: true });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.emailVerified).toBe(false);
  });

  it('gains the admin role when the confirmation link from the mailbox is followed', async () => {
    const { token, type } = await signer.latestMailTo('boss@example.com');
    expect(type).toBe('signup');
    expect((await signer.confirmEmail(token)).status).toBe(200);
    expect(await roles(signer)).toEqual(['admin', 'user']);
    await signer.enrolSecondFactor('takeover-attempt-1'); // an admin needs a second factor (decision 047)
    expect((await promoteSelf(signer, id)).status).toBe(200);
  });
});

describe('an email change to a listed address', () => {
  it('grants admin only once the new address is confirmed', async () => {
    const member = server.client();
    await member.signUp('plain.member@example.com');
    expect(
      (
        await member.post('/api/auth/change-email', {
          newEmail: 'deputy@example.com',
          currentPassword: 'calm-river-42',
        })
      ).status,
    ).toBe(200);
    // Asking is not proving: the address and the roles stay as they were.
    expect((await answer(member.api.me.profile.$get())).body.email).toBe('plain.member@example.com');
    expect(await roles(member)).toEqual(['user']);

    const { token, type } = await member.latestMailTo('deputy@example.com');
    expect(type).toBe('email_change');
    expect((await member.confirmEmail(token)).status).toBe(200);
    expect((await answer(member.api.me.profile.$get())).body.email).toBe('deputy@example.com');
    expect(await roles(member)).toEqual(['admin', 'user']);
  });
});

describe('a password reset', () => {
  it('proves the address too, so a listed account that never confirmed gains the role', async () => {
    const member = server.client();
    await member.requestSignUp('forgetful.boss@example.com', 'first-guess-21');

    await server.client().post('/api/auth/request-password-reset', { email: 'forgetful.boss@example.com' });
    const { token, type } = await member.latestMailTo('forgetful.boss@example.com', /Reset your/);
    expect(type).toBe('recovery');
    expect(
      (await server.client().post('/api/auth/reset-password', { token, newPassword: 'second-go-22' })).status,
    ).toBe(200);
    const back = server.client();
    await back.signIn('forgetful.boss@example.com', 'second-go-22');
    expect(await roles(back)).toEqual(['admin', 'user']);
  });
});

describe('an account Google vouches for', () => {
  // The Google sign-in callback creates the account through better-auth's
  // internal adapter, with Google's email_verified claim; the same call here
  // runs the same database hooks without a round trip to Google.
  async function createAccountAsGoogleDoes(email: string, emailVerified: boolean) {
    const auth = createAuth({
      db: server.database.db,
      config: loadConfig({ ADMIN_EMAILS, PUBLIC_URL: server.url }),
      secret: 'a-test-secret-that-is-32-chars-long!',
      mailer: { send: async () => {} },
      logger: createLogger('silent'),
    });
    const { internalAdapter } = await auth.$context;
    return internalAdapter.createUser(
      { email, name: 'Google Member', emailVerified },
      { method: 'oauth', oauth: { providerId: 'google' } },
    );
  }

  it('holds the admin role at once when Google says the address is verified', async () => {
    const user = await createAccountAsGoogleDoes('google.boss@example.com', true);
    expect(await rolesOf(server.database.db, user.id)).toEqual(['admin', 'user']);
  });

  it('does not when the provider does not vouch for the address', async () => {
    const user = await createAccountAsGoogleDoes('unvouched.boss@example.com', false);
    expect(await rolesOf(server.database.db, user.id)).toEqual(['user']);
  });
});
