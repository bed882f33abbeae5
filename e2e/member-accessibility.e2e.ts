import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { openSignedIn, signInByApi, signUpByApi } from './support/member-session';

const browser = useBrowser();

describe('member area accessibility', () => {
  // Each screen is a test of its own, so a slow machine's time goes to one screen's checks at a time.
  describe.each([375, 1280])('at %i px', (width) => {
    const email = uniqueEmail(`axe-${width}`);
    beforeAll(() => signUpByApi(email, 'Avery Access'));

    it('finds no serious or critical violation on the dashboard, with the account menu open', async () => {
      const { page } = await signInByApi(browser, email, width);
      await page.getByRole('heading', { name: 'Your progress', exact: true }).waitFor();
      await page.getByText('credits used').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /account menu$/ }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('finds no serious or critical violation on the profile, with its menus open', async () => {
      const { page } = await openSignedIn(browser, email, '/profile', width);
      await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
      await page.getByText('Current tone:').or(page.getByText('Choose a coaching tone')).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The whole page with the focus-area menu, the coaching-tone select and the account menu
      // open, every rule on: the page hidden behind a menu is inert too, not only aria-hidden
      // (lib/inert-while-hidden.ts), and a long menu that scrolls can take focus.
      await page.getByRole('button', { name: /^Focus Area/ }).click();
      await page.getByText('Choose your current focus').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Coaching Tone' }).click();
      await page.getByRole('listbox').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    });

    it('finds no serious or critical violation on onboarding', async () => {
      const { page } = await openSignedIn(browser, email, '/onboarding', width);
      await page.getByRole('heading').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('finds no serious or critical violation in the demo', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByRole('heading', { name: 'Your progress', exact: true }).waitFor();
    await page.getByText('credits used').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
