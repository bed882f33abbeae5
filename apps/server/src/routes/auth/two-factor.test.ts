import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INBOX_CHANNEL, TWO_FACTOR_CODES } from '@app/shared';
import { twoFactors, users } from '../../db/schema';
import { resetSecondFactor } from '../../lib/auth/second-factor-reset';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { RealtimeTestClient } from '../../test-support/realtime-client';
import { secretFromOtpauthUri, totpCode } from '../../test-support/totp';

/**
 * Two-step sign-in (decision 047): an admin reaches /api/admin only with an
 * enrolled authenticator and a session that passed it. Codes are computed here
 * from the otpauth URI (test-support/totp.ts), never by the library.
 */
const PASSWORD = 'calm-river-42';
const ADMINS = ['boss@example.com', 'second@example.com', 'third@example.com', 'fourth@example.com'];
let server: TestServer;
const sockets: RealtimeTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMINS.join(',') });
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  await server.close();
});

/** An ADMIN_EMAILS account, confirmed and signed in by its link, with no second factor yet. */
async function adminWithoutFactor(email: string): Promise<TestClient> {
  const client = server.client();
  expect((await client.requestSignUp(email, PASSWORD, 'Ada Admin')).status).toBe(200);
  const { token } = await client.latestMailTo(email, /Confirm/);
  expect((await client.confirmEmail(token)).status).toBe(200);
  expect((await answer(client.api.me.roles.$get())).body).toEqual(['admin', 'user']);
  return client;
}

async function enrol(client: TestClient) {
  const enabled = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const secret = secretFromOtpauthUri(enabled.body.totpURI);
  return { enabled, secret, backupCodes: enabled.body.backupCodes as string[] };
}

/** A code that is wrong at every moment the server accepts (the current step and one either side). */
function wrongCode(secret: Buffer) {
  const near = [-30_000, 0, 30_000].map((shift) => totpCode(secret, Date.now() + shift));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

describe('an admin without a second factor', () => {
  it('is refused every admin endpoint with the code that sends them to enrolment', async () => {
    const admin = await adminWithoutFactor(ADMINS[0]!);
    for (const path of ['/api/admin/overview', '/api/admin/users', '/api/admin/conversations']) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({
        error: 'Set up two-step sign-in before using the admin area.',
        code: TWO_FACTOR_CODES.enrolmentRequired,
      });
    }
    // Member screens are not affected.
    expect((await answer(admin.api.me.profile.$get())).status).toBe(200);
  });

  it('cannot join the admin channels of the realtime socket', async () => {
    const admin = server.client();
    await admin.signIn(ADMINS[0]!, PASSWORD);
    const socket = await RealtimeTestClient.connect(server.url, { cookie: admin.cookieHeader() });
    sockets.push(socket);
    expect(await socket.join(INBOX_CHANNEL)).toMatchObject({ type: 'error' });
  });
});

describe('enrolment', () => {
  it('shows the secret as an otpauth URI with the product as issuer, and ten recovery codes', async () => {
    const admin = await adminWithoutFactor(ADMINS[1]!);
    const { enabled } = await enrol(admin);
    const uri = new URL(enabled.body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Calm Space');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Calm Space:${ADMINS[1]}`);
    expect(enabled.body.backupCodes).toHaveLength(10);
    // Until a code is typed nothing is enrolled: still refused, and sign-in asks for no code.
    expect((await answer(admin.api.admin.overview.$get())).error.code).toBe(TWO_FACTOR_CODES.enrolmentRequired);
  });

  it('refuses a wrong first code, and a right one opens the admin area in this session', async () => {
    const admin = await adminWithoutFactor(ADMINS[2]!);
    const before = server.client();
    await before.signIn(ADMINS[2]!, PASSWORD); // another device, signed in before the factor existed
    const { secret } = await enrol(admin);

    const wrong = await admin.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect((await answer(admin.api.admin.overview.$get())).status).toBe(403);

    const right = await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(right.status).toBe(200);
    expect((await answer(admin.api.admin.overview.$get())).status).toBe(200);

    // The secret is stored encrypted, not as the app shows it.
    const [row] = await server.database.db
      .select()
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(users.email, ADMINS[2]!));
    expect(row!.two_factors.secret).not.toContain(secret.toString());
    expect(row!.users.twoFactorEnabled).toBe(true);

    // The session from before the factor did not pass it: it may not use the admin area,
    // nor remove the factor or read its secret even with the password.
    const older = await answer(before.api.admin.overview.$get());
    expect(older.status).toBe(403);
    expect(older.error.code).toBe(TWO_FACTOR_CODES.signInRequired);
    for (const path of ['/api/auth/two-factor/disable', '/api/auth/two-factor/get-totp-uri']) {
      const res = await before.post(path, { password: PASSWORD });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe(TWO_FACTOR_CODES.signInRequired);
    }
    // Nor can it mark itself as having passed: the field is not the client's to set.
    expect((await before.post('/api/auth/update-session', { twoFactorVerified: true })).status).toBe(400);
    expect((await answer(before.api.admin.overview.$get())).status).toBe(403);
  });
});

describe('signing in with a second factor', () => {
  let secret: Buffer;
  let backupCodes: string[];

  beforeAll(async () => {
    const admin = await adminWithoutFactor(ADMINS[3]!);
    ({ secret, backupCodes } = await enrol(admin));
    expect((await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) })).status).toBe(200);
  });

  it('gives no session for the password alone, refuses a wrong code, and lets the right one in', async () => {
    const admin = server.client();
    const challenged = await admin.signIn(ADMINS[3]!, PASSWORD);
    expect(challenged.status).toBe(200);
    expect(challenged.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(admin.hasSession()).toBe(false);
    expect((await answer(admin.api.admin.overview.$get())).status).toBe(401);

    expect((await admin.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status).toBe(401);
    expect(admin.hasSession()).toBe(false);

    const verified = await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(verified.status).toBe(200);
    expect(admin.hasSession()).toBe(true);
    expect((await answer(admin.api.admin.overview.$get())).status).toBe(200);
  });

  it('does not remember devices', async () => {
    const admin = server.client();
    await admin.signIn(ADMINS[3]!, PASSWORD);
    const res = await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret), trustDevice: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Every sign-in asks for the code: devices are not remembered.');
  });

  it('takes a recovery code once', async () => {
    const first = server.client();
    await first.signIn(ADMINS[3]!, PASSWORD);
    expect((await first.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);
    expect((await answer(first.api.admin.overview.$get())).status).toBe(200);

    const again = server.client();
    await again.signIn(ADMINS[3]!, PASSWORD);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(401);
    expect(again.hasSession()).toBe(false);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] })).status).toBe(200);
  });

  it('keeps the factor passed across a password change, which replaces the session', async () => {
    const admin = server.client();
    await admin.signInWithCode(ADMINS[3]!, secret, PASSWORD);
    const changed = await admin.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await answer(admin.api.admin.overview.$get())).status).toBe(200);
  });

  it('regenerates the recovery codes from a session that passed the factor, with the password', async () => {
    const admin = server.client();
    await admin.signInWithCode(ADMINS[3]!, secret, PASSWORD);
    const fresh = await admin.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    backupCodes = fresh.body.backupCodes;
    const old = server.client();
    await old.signIn(ADMINS[3]!, PASSWORD);
    expect((await old.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);
  });

  it('after an operator reset (lost device and codes), ends every session and asks the admin to enrol again', async () => {
    const admin = server.client();
    await admin.signInWithCode(ADMINS[3]!, secret, PASSWORD);
    expect(await resetSecondFactor(server.database.db, ADMINS[3]!, 'test')).toBe('reset');
    expect((await answer(admin.api.admin.overview.$get())).status).toBe(401);

    const again = server.client();
    const signedIn = await again.signIn(ADMINS[3]!, PASSWORD);
    expect(signedIn.body.twoFactorRedirect).toBeUndefined();
    const refused = await answer(again.api.admin.overview.$get());
    expect(refused.error.code).toBe(TWO_FACTOR_CODES.enrolmentRequired);
    const { secret: next } = await enrol(again);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: totpCode(next) })).status).toBe(200);
    expect((await answer(again.api.admin.overview.$get())).status).toBe(200);
  });
});
