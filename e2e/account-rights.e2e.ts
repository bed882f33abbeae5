import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AccountExportDto } from '@app/shared';
import { expectNoSeriousViolations } from './support/axe';
import { downloadedBytes, latestMailTo, uniqueEmail, useBrowser } from './support/browser';
import { PASSWORD } from './support/constants';
import { baseUrl } from './support/server';
import {
  confirmByMail,
  dismissToasts,
  expectToast,
  requestSignUpInBrowser,
  signInByApi,
  signUpByApi,
} from './support/member-session';

/** The profile's "Your account" card (docs/product.md#profile, decision 031). */
const browser = useBrowser();

const yourAccount = (page: Page) =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Your account' }) });

async function writeReflection(page: Page, text: string) {
  const res = await page.request.post('/api/me/reflections', {
    data: { reflection_text: text },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(201);
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  // The card is ready once it knows the address (its actions depend on it).
  await yourAccount(page).getByRole('button', { name: 'Change email' }).waitFor();
}

/** The element that has the keyboard focus, by its accessible name or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.innerText?.trim() ?? '';
  });

/** Presses Tab until the focus is on the button named `name` (a keyboard user's walk), at most `max` times. */
async function tabTo(page: Page, name: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

describe('your account', () => {
  it('downloads a JSON file of the member’s data, with their reflection and nothing of another member', async () => {
    const other = uniqueEmail('export-other');
    await signUpByApi(other, 'Olive Other');
    const { page: otherPage } = await signInByApi(browser, other);
    await writeReflection(otherPage, 'Olive’s private evening note');

    const email = uniqueEmail('export');
    await signUpByApi(email, 'Ezra Export');
    const { page } = await signInByApi(browser, email);
    await writeReflection(page, 'Ezra noticed the quiet after lunch');
    await openProfile(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      yourAccount(page).getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^calm-space-data-\d{4}-\d\d-\d\d\.json$/);
    const text = (await downloadedBytes(download)).toString('utf8');
    const data = JSON.parse(text) as AccountExportDto;
    expect(data.account.email).toBe(email);
    expect(data.reflections.map((r) => r.reflection_text)).toEqual(['Ezra noticed the quiet after lunch']);
    expect(text).not.toContain('Olive');
    expect(text).not.toContain(other);
    await expectToast(page, 'Your data is downloading');
  });

  it('deletes the account: signed out here and on another device, and the address can sign up again', async () => {
    const email = uniqueEmail('leaving');
    await signUpByApi(email, 'Lena Leaving');
    const { page } = await signInByApi(browser, email);
    const { page: phone } = await signInByApi(browser, email, 375);
    await writeReflection(page, 'A note that should not outlive the account');
    await openProfile(page);

    await yourAccount(page).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    // Refused inline, on the field, with the focus on it.
    await dialog.getByText('That password is not right. Please try again.').waitFor();
    expect(await dialog.getByLabel('Your password').evaluate((el) => el === document.activeElement)).toBe(true);

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const done = page.getByRole('dialog', { name: 'Your account has been deleted' });
    await done.getByText('You have been signed out on every device.').waitFor();
    await expectNoSeriousViolations(page);
    await done.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL('**/auth');

    // The other device's next request finds no session: the member area sends it to sign-in.
    await phone.goto('/profile');
    await phone.waitForURL('**/auth');
    const session = await phone.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();

    await latestMailTo(email, /has been deleted/);
    // The address is free: signing up again mails a new confirmation (a taken address would get
    // "Someone tried to sign up" instead), and its link opens a new, empty account.
    const { page: again } = await browser.newPage();
    await requestSignUpInBrowser(again, email, 'Lena Again');
    await confirmByMail(again, email);
    const fresh = await again.request.get('/api/me/export');
    const data = (await fresh.json()) as AccountExportDto;
    expect(data.account.name).toBe('Lena Again');
    expect(data.reflections).toEqual([]);
  });

  it('works from the keyboard alone, and axe finds nothing serious with each dialog open', async () => {
    const email = uniqueEmail('keys');
    await signUpByApi(email, 'Kit Keys');
    const { page } = await signInByApi(browser, email);
    await openProfile(page);
    await expectNoSeriousViolations(page);

    // Change email: the dialog takes the focus, Enter sends, the focus comes back to the trigger.
    await tabTo(page, 'Change email');
    await page.keyboard.press('Enter');
    const emailDialog = page.getByRole('dialog', { name: 'Change your email' });
    await emailDialog.waitFor();
    await expectNoSeriousViolations(page);
    // The dialog puts the focus on its first field.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('email');
    const newEmail = uniqueEmail('keys-new');
    await page.keyboard.type(newEmail);
    // The current password comes next (decision 046).
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Check your new inbox');
    await emailDialog.waitFor({ state: 'detached' });
    await yourAccount(page).getByText(`We sent a confirmation link to ${newEmail}.`).waitFor();
    expect(await focusedName(page)).toBe('Change email');
    await dismissToasts(page);

    // Change password: current password first, a weak new one is refused on its field.
    await tabTo(page, 'Change password');
    await page.keyboard.press('Enter');
    const passwordDialog = page.getByRole('dialog', { name: 'Change your password' });
    await passwordDialog.waitFor();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await passwordDialog.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Change password');

    // Delete: opened and cancelled with Escape, the focus back on its trigger.
    await tabTo(page, 'Download my data');
    await tabTo(page, 'Sign out', 3);
    await tabTo(page, 'Delete my account', 3);
    await page.keyboard.press('Enter');
    const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await deleteDialog.waitFor();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await deleteDialog.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Delete my account');
  });

  it('changes the password with the current one, and signs the other devices out', async () => {
    const email = uniqueEmail('changer');
    await signUpByApi(email, 'Cam Changer');
    const { page } = await signInByApi(browser, email);
    const { page: phone } = await signInByApi(browser, email, 375);
    await openProfile(page);

    await yourAccount(page).getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    await dialog.getByLabel('Current password').fill('not-the-one-7');
    await dialog.getByLabel('New password', { exact: true }).fill('harbour-lights-93');
    await dialog.getByLabel('Confirm new password').fill('harbour-lights-93');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('That password is not right. Please try again.').waitFor();

    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed', 'You have been signed out on your other devices.');
    await dialog.waitFor({ state: 'detached' });

    await phone.goto('/profile');
    await phone.waitForURL('**/auth');
    // This device stays signed in.
    await openProfile(page);
  });
});
