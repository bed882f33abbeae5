import { describe, it } from 'vitest';
import { ADMIN_EMAIL } from './support/constants';
import { uniqueEmail, useBrowser } from './support/browser';
import { expectFocused } from './support/focus';
import { waitForHydration } from './support/hydration';
import { ensureAdminAccount, signIn, signUpByApi } from './support/member-session';

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
    const { page } = await signIn(browser, email);
    await page.getByRole('button', { name: 'Save reflection' }).click();
    await expectFocused(page.getByRole('textbox', { name: /reflection/i }));
  });

  it('in the admin prompt form', async () => {
    await ensureAdminAccount();
    const { page } = await signIn(browser, ADMIN_EMAIL);
    await page.goto('/admin/strategic-prompts');
    await page.getByRole('button', { name: 'Add Prompt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    await expectFocused(dialog.getByLabel('Title'));
  });
});
