import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_DEACTIVATED_MESSAGE, WEAK_PASSWORD_PREFIX } from '@app/shared';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { users } from '../../db/schema';
import { mailRowsTo } from '../../test-support/outbox-rows';

let server: TestServer;
/** The boss's authenticator, set up when the boss signs up below. */
let bossAuthenticator: Buffer;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'Boss@Example.com' });
});
afterAll(() => server.close());

describe('sign-up', () => {
  it('creates the account, its profile and the user role, and sends a confirmation mail', async () => {
    const member = server.client();
    const res = await member.requestSignUp('new.member@example.com', 'quiet-harbour-7', 'Nia Member');
    expect(res.status).toBe(200);
    // No session yet: the confirmation link signs the member in (decision 009).
    expect(member.hasSession()).toBe(false);

    const { mail, type, token } = await member.latestMailTo('new.member@example.com');
    expect(mail.subject).toBe('Confirm your email for Calm Space');
    expect(mail.html).toContain('Confirm my email');
    expect(type).toBe('signup');
    expect(token.length).toBeGreaterThan(20);

    expect((await member.confirmEmail(token)).status).toBe(200);
    const profile = (await answer(member.api.me.profile.$get())).body;
    expect(profile).toMatchObject({
      full_name: 'Nia Member',
      email: 'new.member@example.com',
      credits: 15,
      pricing_plan: 'Base Camp',
      trial_conversations_used: 0,
      is_active: true,
    });
    expect((await answer(member.api.me.roles.$get())).body).toEqual(['user']);
  });

  it('confirms the email with the token from the mail, in the browser that signed up', async () => {
    const member = server.client();
    await member.requestSignUp('confirm.me@example.com');
    const { token } = await member.latestMailTo('confirm.me@example.com');

    // Elsewhere the link asks for the sign-up's password first (decision 046; pre-account-takeover.test.ts).
    const visitor = server.client();
    expect((await visitor.confirmEmail(token)).status).toBe(403);

    const verified = await member.confirmEmail(token);
    expect(verified.status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, 'confirm.me@example.com'));
    expect(row?.emailVerified).toBe(true);
    // the link signs the member in, so the callback page can go on
    expect((await answer(member.api.me.roles.$get())).status).toBe(200);
  });

  it('refuses a tampered confirmation token', async () => {
    const res = await server.client().get('/api/auth/verify-email?token=not-a-real-token');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('refuses short and common passwords with a clear reason', async () => {
    const short = await server.client().requestSignUp('short@example.com', 'abc');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/too short/i);
    const common = await server.client().requestSignUp('common@example.com', 'password1');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(
      `${WEAK_PASSWORD_PREFIX} This is a commonly used password. Add more words that are less common.`,
    );
  });

  it('never creates a second account with the same address', async () => {
    await server.client().signUp('twice@example.com');
    const again = await server.client().requestSignUp('TWICE@example.com');
    // The same answer as a new address (sign-up-privacy.test.ts), but no new account.
    expect(again.status).toBe(200);
    const rows = await server.database.db.select().from(users).where(eq(users.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('gives ADMIN_EMAILS accounts the admin role once their address is confirmed', async () => {
    const boss = server.client();
    await boss.signUp('boss@example.com');
    bossAuthenticator = boss.secondFactor!.secret; // an admin has one (decision 047)
    expect((await answer(boss.api.me.roles.$get())).body).toEqual(['admin', 'user']);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password only', async () => {
    await server.client().signUp('signin@example.com', 'morning-tide-3');
    const wrong = await server.client().signIn('signin@example.com', 'evening-tide-3');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');

    const member = server.client();
    expect((await member.signIn('signin@example.com', 'morning-tide-3')).status).toBe(200);
    expect((await answer(member.api.me.profile.$get())).status).toBe(200);

    expect((await member.signOut()).status).toBe(200);
    expect((await answer(member.api.me.profile.$get())).status).toBe(401);
  });

  it('stores passwords as argon2id hashes', async () => {
    await server.client().signUp('hash@example.com', 'lantern-field-8');
    const rows = await server.database.db.query.accounts.findMany();
    const hashes = rows.map((r) => r.password).filter(Boolean);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(hash).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$/);
  });
});

describe('password reset', () => {
  it('mails a recovery link whose token sets a new password and ends old sessions', async () => {
    const member = server.client();
    await member.signUp('forgetful@example.com', 'first-light-11');
    const reset = await server.client().post('/api/auth/request-password-reset', {
      email: 'forgetful@example.com',
      redirectTo: '/auth/callback',
    });
    expect(reset.status).toBe(200);
    const { mail, type, token } = await member.latestMailTo('forgetful@example.com', /Reset your/);
    expect(mail.subject).toBe('Reset your Calm Space password');
    expect(type).toBe('recovery');

    const weak = await server.client().post('/api/auth/reset-password', { token, newPassword: 'qwerty123' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(
      `${WEAK_PASSWORD_PREFIX} This is a commonly used password. Add more words that are less common.`,
    );

    const done = await server.client().post('/api/auth/reset-password', { token, newPassword: 'second-light-12' });
    expect(done.status).toBe(200);
    expect((await answer(member.api.me.profile.$get())).status).toBe(401);
    expect((await server.client().signIn('forgetful@example.com', 'first-light-11')).status).toBe(401);
    expect((await server.client().signIn('forgetful@example.com', 'second-light-12')).status).toBe(200);

    const reused = await server.client().post('/api/auth/reset-password', { token, newPassword: 'third-light-13' });
    expect(reused.status).toBe(400);
  });

  it('answers the same for an unknown address (no account probing)', async () => {
    const res = await server.client().post('/api/auth/request-password-reset', { email: 'nobody@example.com' });
    expect(res.status).toBe(200);
    // The outbox holds every mail queued, delivered or not.
    const queued = await mailRowsTo(server.database.db, 'nobody@example.com');
    expect(queued).toEqual([]);
  });
});

describe('deactivated accounts', () => {
  it('are signed out everywhere and refused at sign-in until reactivated', async () => {
    const boss = server.client();
    await boss.signInWithCode('boss@example.com', bossAuthenticator);
    const member = server.client();
    const created = await member.signUp('leaving@example.com', 'still-water-5');
    const id = created.body.user.id as string;

    expect(
      (await answer(boss.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: false } }))).status,
    ).toBe(200);
    expect((await answer(member.api.me.profile.$get())).status).toBe(401);

    const refused = await server.client().signIn('leaving@example.com', 'still-water-5');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DEACTIVATED_MESSAGE);

    expect(
      (await answer(boss.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: true } }))).status,
    ).toBe(200);
    expect((await server.client().signIn('leaving@example.com', 'still-water-5')).status).toBe(200);
  });
});

describe('cross-site protection', () => {
  it('refuses sign-in posted from another site', async () => {
    await server.client().signUp('csrf@example.com', 'harbour-lights-4');
    const res = await server
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'csrf@example.com', password: 'harbour-lights-4' },
        { origin: 'https://evil.example' },
      );
    expect(res.status).toBe(403);
  });

  it('refuses a cookie-bearing auth request that names no origin', async () => {
    const member = server.client();
    await member.signUp('no-origin@example.com', 'harbour-lights-4');
    const res = await member.post('/api/auth/sign-out', {}, { origin: '' });
    expect(res.status).toBe(403);
  });

  it('refuses to send a member to another site after sign-in', async () => {
    const res = await server.client().post('/api/auth/request-password-reset', {
      email: 'csrf@example.com',
      redirectTo: 'https://evil.example/phish',
    });
    expect(res.status).toBe(403);
  });
});
