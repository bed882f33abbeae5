import { describe, expect, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser';
import { holdRequests } from './support/held-requests';
import { waitForHydration } from './support/hydration';
import { photograph } from './support/screenshots';

const browser = useBrowser();

describe('nothing a person typed is lost', () => {
  it('keeps a name and email typed on /auth before its scripts arrive, when the chosen plan’s note appears', async () => {
    for (const width of [375, 768, 1280]) {
      const { page } = await browser.newPage(width, 900);
      await page.goto('/pricing');
      await waitForHydration(page);
      // A slow connection: /auth's scripts are held on their way until the visitor has typed.
      const scripts = await holdRequests(page, '**/assets/*.js', 'GET');
      await page.getByRole('button', { name: 'Choose The Space Pass', exact: true }).click();
      await page.waitForURL('**/auth?tab=signup', { waitUntil: 'commit' });

      const name = page.getByLabel('Full Name');
      const email = page.getByLabel('Email');
      const address = uniqueEmail('typed-early');
      await name.fill('Tess Early');
      await email.fill(address);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

      await scripts.release();
      await page.getByText("You're joining with The Space Pass").waitFor();
      await waitForHydration(page);
      // The page took its query out of the address, on the same screen.
      await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
      expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
      expect(await name.inputValue()).toBe('Tess Early');
      expect(await email.inputValue()).toBe(address);
      await photograph(page, `auth-typed-early-${width}`);
    }
  });
});
