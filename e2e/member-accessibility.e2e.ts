import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { signIn, signUpByApi } from './support/member-session';

const browser = useBrowser();

describe('member area accessibility', () => {
  it.each([375, 1280])(
    'finds no serious or critical violation on the dashboard, profile and onboarding at %i px',
    async (width) => {
      const email = uniqueEmail('axe');
      await signUpByApi(email, 'Avery Access');
      const { page } = await signIn(browser, email, width);
      await page.getByRole('heading', { name: 'Your progress', exact: true }).waitFor();
      await page.getByText('credits used').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
      await page.getByText('Current tone:').or(page.getByText('Choose a coaching tone')).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The focus-area menu open, too. While a menu is open Radix hides the page behind it
      // (aria-hidden) and traps focus in the menu, so only the menu itself is checked; its
      // list scrolls with the arrow keys, which move focus through the entries.
      await page.getByRole('button', { name: /^Focus Area/ }).click();
      await page.getByText('Choose your current focus').waitFor();
      expect(
        await seriousViolations(page, (axe) =>
          axe.include('[role="menu"]').disableRules(['scrollable-region-focusable']),
        ),
      ).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/onboarding');
      await page.getByRole('heading').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

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
