import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL } from './support/constants';
import { uniqueEmail, useBrowser } from './support/browser';
import { expectFocused } from './support/focus';
import { waitForHydration } from './support/hydration';
import { ensureAdminAccount, openSignedIn, signInByApi, signUpByApi } from './support/member-session';

const browser = useBrowser();

/** The first Tab from the top of the page reaches the skip link; Enter puts focus on the page's main content. */
async function expectSkipLinkWorks(page: Page) {
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const link = page.getByRole('link', { name: 'Skip to main content' });
  await expectFocused(link);
  expect(await link.isVisible()).toBe(true);
  await page.keyboard.press('Enter');
  await expectFocused(page.locator('main'));
  // The next Tab continues inside the main content, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
}

describe('skip link', () => {
  it.each(['/', '/pricing', '/auth'])('works on the public page %s', async (path) => {
    const { page } = await browser.newPage();
    await page.goto(path);
    await waitForHydration(page);
    await expectSkipLinkWorks(page);
  });

  it('works on the member pages', async () => {
    const email = uniqueEmail('skip');
    await signUpByApi(email, 'Sky Skipper');
    // A fresh load: focus starts at the top of the page, as when a member arrives.
    const { page } = await signInByApi(browser, email);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectSkipLinkWorks(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
    await expectSkipLinkWorks(page);
  });

  it('works on the admin pages', async () => {
    await ensureAdminAccount();
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, '/admin/users');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectSkipLinkWorks(page);
  });
});
