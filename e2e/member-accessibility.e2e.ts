import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, useBrowser } from './support/browser';
import { signIn, signUpByApi } from './support/member-session';

const browser = useBrowser();

/**
 * Serious and critical axe findings on the page. Toasts (the toaster is shared
 * by every screen) are let go first: axe reads a toast mid-animation as faded text.
 */
async function seriousViolations(page: Page, configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
  const results = await configure(new AxeBuilder({ page })).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('member area accessibility', () => {
  it('finds no serious or critical violation on the dashboard, profile and onboarding', async () => {
    const email = uniqueEmail('axe');
    await signUpByApi(email, 'Avery Access');
    for (const width of [375, 1280]) {
      const { context, page } = await signIn(browser, email, width);
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
      await context.close();
    }
  });

  it('finds no serious or critical violation in the demo', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByRole('heading', { name: 'Your progress', exact: true }).waitFor();
    await page.getByText('credits used').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
