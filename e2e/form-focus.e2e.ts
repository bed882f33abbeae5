import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './support/constants';
import { uniqueEmail, useBrowser } from './support/browser';
import { expectFocused } from './support/focus';
import { holdRequests } from './support/held-requests';
import { waitForHydration } from './support/hydration';
import {
  ensureAdminAccount,
  expectToast,
  recordWindowOpen,
  seedSubscription,
  openSignedIn,
  signInByApi,
  signUpByApi,
} from './support/member-session';

const browser = useBrowser();

// After a failed submit, focus lands on the first invalid field (lib/focus-first-invalid.ts), so a
// keyboard or screen-reader user starts at the problem rather than at the submit button.
describe('the first invalid field gets focus after a failed submit', () => {
  it('in sign-in, sign-up and forgot password', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth');
    await waitForHydration(page);
    await page.getByLabel('Password', { exact: true }).fill('something');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectFocused(page.getByLabel('Email'));

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill('someone@calm.test');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectFocused(page.getByLabel('Full Name'));

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const send = page.getByRole('button', { name: /Send/ });
    await send.click();
    await expectFocused(page.getByLabel('Email'));
  });

  it('in the reflection form', async () => {
    const email = uniqueEmail('reflect');
    await signUpByApi(email, 'Rey Reflect');
    const { page } = await signInByApi(browser, email);
    await page.getByRole('button', { name: 'Save reflection' }).click();
    await expectFocused(page.getByRole('textbox', { name: /reflection/i }));
  });

  it('in the admin prompt form', async () => {
    await ensureAdminAccount();
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/strategic-prompts');
    await page.getByRole('button', { name: 'Add Prompt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    await expectFocused(dialog.getByLabel('Title'));
  });
});

// A button waiting on its request is busy (aria-disabled), never `disabled`, which would
// drop keyboard focus to the page body (components/ui/button.tsx).
describe('a busy button keeps keyboard focus', () => {
  it('Save reflection, sent with the keyboard: focused while saving, pressed again in vain, focused after', async () => {
    const email = uniqueEmail('busy-save');
    await signUpByApi(email, 'Bea Busy');
    const { page } = await signInByApi(browser, email);
    await page.getByRole('textbox', { name: /reflection/i }).fill('A calm minute before the meeting.');
    const requests = await holdRequests(page, '**/api/me/reflections');
    await page.keyboard.press('Tab');
    const save = page.getByRole('button', { name: /^(Save reflection|Saving\.\.\.)$/ });
    await expectFocused(save);
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: 'Saving...' }).waitFor();
    expect(await save.getAttribute('aria-disabled')).toBe('true');
    await expectFocused(save);
    // The button is busy before its request reaches the network: wait for the request, not for time.
    await requests.arrived;
    await page.keyboard.press('Enter');

    await requests.release();
    await expectToast(page, 'Reflection saved');
    await page.getByRole('button', { name: 'Save reflection' }).waitFor();
    expect(await save.getAttribute('aria-disabled')).toBeNull();
    await expectFocused(save);
    // The Enter pressed while busy asked for nothing more.
    expect(requests.count()).toBe(1);
  });

  it('Manage Subscription: focused while the portal address is fetched, and after', async () => {
    const email = uniqueEmail('busy-portal');
    await signUpByApi(email, 'Bo Busy');
    await seedSubscription(email, 'space_pass', new Date(Date.now() + 20 * 24 * 60 * 60 * 1000));
    const { context, page } = await signInByApi(browser, email);
    await recordWindowOpen(context, { blocked: false });
    await page.goto('/subscription');
    const manage = page.getByRole('button', { name: 'Manage Subscription' });
    await manage.waitFor();
    const requests = await holdRequests(page, '**/api/me/subscription/portal');

    await manage.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => manage.getAttribute('aria-disabled')).toBe('true');
    await expectFocused(manage);
    // The button is busy before its request reaches the network: wait for the request, not for time.
    await expect.poll(() => requests.count()).toBe(1);
    await page.keyboard.press('Space');

    await requests.release();
    await expect.poll(() => manage.getAttribute('aria-disabled')).toBeNull();
    await expectFocused(manage);
    // The Space pressed while busy asked for nothing more.
    expect(requests.count()).toBe(1);
  });
});

// Fields of a sending form are read-only, not `disabled`: Enter in a field sends the form
// and focus stays in that field, so a wrong password can be retyped at once.
describe('a sending form keeps focus in its field', () => {
  it('Sign In sent with Enter from the password: focused while sending and after the refusal', async () => {
    const email = uniqueEmail('enter-sign-in');
    await signUpByApi(email, 'Eno Enter');
    const { page } = await browser.newPage();
    await page.goto('/auth');
    await waitForHydration(page);
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    const requests = await holdRequests(page, '**/api/auth/sign-in/email');
    await password.press('Enter');

    await expect.poll(() => requests.count()).toBe(1);
    expect(await password.isEditable()).toBe(false);
    await expectFocused(password);

    await requests.release();
    await expect.poll(() => password.isEditable()).toBe(true);
    await expectFocused(password);
  });
});
