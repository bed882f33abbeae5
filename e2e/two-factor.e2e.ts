import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { totpCode } from '../apps/server/src/test-support/totp';
import { expectNoSeriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { NEW_ADMIN_EMAIL, PASSWORD } from './support/constants';
import { confirmByApi, signUpByApi } from './support/member-session';

/**
 * Two-step sign-in for admins (decision 047), walked as a person would: the
 * admin area sends an admin without an authenticator to set one up; the code
 * typed is computed here from the key the page shows (RFC 6238).
 */
const browser = useBrowser();

/** The key as the page shows it (groups of four, base32), as bytes. */
function keyBytes(shown: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of shown.replace(/\s+/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

async function signInWithPassword(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(NEW_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
}

describe('two-step sign-in for an admin', () => {
  it('is set up on the first visit to the admin area, then asked for at every sign-in; a recovery code works once', async () => {
    await signUpByApi(NEW_ADMIN_EMAIL, 'Nova Admin');
    await confirmByApi(NEW_ADMIN_EMAIL);

    // No authenticator yet: the password alone signs in, and the admin area asks for the setup.
    const { page } = await browser.newPage();
    await signInWithPassword(page);
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    await expectNoSeriousViolations(page);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = keyBytes((await page.getByLabel('Setup key').textContent())!);
    await expectNoSeriousViolations(page);
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Continue to the admin area' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // Signed out and in again: the password, then the code from the app.
    await signOut(page);
    await signInWithPassword(page);
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    await expectNoSeriousViolations(page);
    await codeField.fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // A recovery code in place of the app works once.
    for (const outcome of ['in', 'refused'] as const) {
      await signOut(page);
      await signInWithPassword(page);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(codes[0]!);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      if (outcome === 'in') {
        await page.waitForURL('**/dashboard');
        await page.goto('/admin');
        await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      } else {
        await page.getByText('That recovery code is not right, or it was used before.').waitFor();
        expect(new URL(page.url()).pathname).toBe('/auth');
      }
    }
  });
});
