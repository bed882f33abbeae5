import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { secretFromOtpauthUri, totpCode } from '../../apps/server/src/test-support/totp';
import { ADMIN_EMAIL, PASSWORD } from './constants';
import { baseUrl } from './server';

/**
 * The e2e admin's authenticator app (decision 047: the admin area needs a
 * second factor). ensureAdminAccount sets it up once per server through the
 * API, with codes computed by the tests' own RFC 6238 code; its secret is kept
 * in this run's folder (global-setup.ts), so every file on that server can
 * compute the admin's code.
 */
const secretFile = (server: string) => path.join(inject('adminAuthenticatorDir'), encodeURIComponent(server));

/** The admin's current six-digit code on `server`. */
export function adminCode(server = baseUrl()): string {
  return totpCode(Buffer.from(fs.readFileSync(secretFile(server), 'utf8'), 'hex'));
}

/** After the password on /auth: the admin types their code, as a person would. */
export async function enterCodeIfAdmin(page: Page, email: string, server = baseUrl()) {
  if (email !== ADMIN_EMAIL) return;
  await page.getByLabel('Authentication code').fill(adminCode(server));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((line) => !/max-age=0/i.test(line))
    .map((line) => line.split(';')[0])
    .join('; ');

/** Sets up the confirmed admin's authenticator on `server`, unless done before in this run. */
export async function ensureAdminAuthenticator(server: string) {
  if (fs.existsSync(secretFile(server))) return;
  const secret = await enrolAuthenticator(ADMIN_EMAIL, server);
  fs.writeFileSync(secretFile(server), secret.toString('hex'));
}

/**
 * Sets up an authenticator for the confirmed account of `email` (password
 * PASSWORD) through the API, as its owner would on the account card, and
 * returns its secret: `apiSession(email, server, secret)` then signs in with it.
 */
export async function enrolAuthenticator(email: string, server = baseUrl()): Promise<Buffer> {
  const post = (p: string, body: unknown, cookie = '') =>
    fetch(`${server}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server, ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const signedIn = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  const cookie = cookiesOf(signedIn);
  const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
  expect(enabled.status).toBe(200);
  const secret = secretFromOtpauthUri(((await enabled.json()) as { totpURI: string }).totpURI);
  expect((await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) }, cookie)).status).toBe(200);
  return secret;
}
