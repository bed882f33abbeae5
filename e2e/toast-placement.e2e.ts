import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, useBrowser } from './support/browser';
import { expectToast, recordWindowOpen, seedSubscription, signInByApi, signUpByApi } from './support/member-session';

/**
 * Toasts sit over the sticky header, never over the page below it (decision 038):
 * on a scrolled page the band under the header holds whatever was scrolled there,
 * here /subscription's billing toggle, the case that was covered at 1366 px wide.
 */
const browser = useBrowser();

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el): Box => {
      const { top, bottom, left, right } = el.getBoundingClientRect();
      return { top, bottom, left, right };
    });

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('a toast on a scrolled page', () => {
  // 1366 wide, as the case that was covered, in a window short enough for the toggle to scroll under the header.
  it.each([
    [1366, 560],
    [375, 667],
  ])(
    'stays in the header band at %i×%i, off the billing toggle and every control, and lets clicks through',
    async (width, height) => {
      const email = uniqueEmail('toast-place');
      await signUpByApi(email, 'Tess Toast');
      await seedSubscription(email, 'space_pass', new Date(Date.now() + 20 * 24 * 60 * 60 * 1000));
      const { context, page } = await signInByApi(browser, email, width);
      await page.setViewportSize({ width, height });
      await recordWindowOpen(context, { blocked: false });
      await page.goto('/subscription');
      const toggle = page.locator('fieldset', { hasText: 'Monthly' });
      await toggle.waitFor();

      // The toggle just under the header, as after scrolling down to it.
      const header = await boxOf(page, 'header');
      await page.evaluate((headerBottom) => {
        const el = [...document.querySelectorAll('fieldset')].find((f) => f.textContent?.includes('Monthly'))!;
        window.scrollBy(0, el.getBoundingClientRect().top - headerBottom - 4);
      }, header.bottom);
      await expect.poll(async () => (await boxOf(page, 'header')).top).toBe(0);

      // The portal button's own toast, the page left where it is (a click or focus would scroll the button into view).
      await page.getByRole('button', { name: 'Manage Subscription' }).dispatchEvent('click');
      await expectToast(page, 'Opening Customer Portal');
      // Measured where it comes to rest: it slides in from above the window.
      await expect
        .poll(() =>
          page
            .locator('[data-sonner-toast]')
            .first()
            .evaluate((el) => el.getAttribute('data-mounted') === 'true' && el.getAnimations().length === 0),
        )
        .toBe(true);
      const toast = await boxOf(page, '[data-sonner-toast]');
      expect(toast.top).toBeGreaterThanOrEqual(0);
      const band = await boxOf(page, 'header');

      expect(band.top).toBe(0);
      // One pixel for sub-pixel rounding of the toast's height.
      expect(toast.bottom).toBeLessThanOrEqual(band.bottom + 1);
      const toggleBox = await boxOf(page, 'main fieldset');
      expect(toggleBox.top - band.bottom, 'the toggle is just under the header').toBeLessThan(10);
      expect(overlaps(toast, toggleBox)).toBe(false);
      // Each control as far as it shows: the part scrolled under the sticky header is the header's to cover
      // (one pixel more for the toast's sub-pixel height, as above).
      const controls = await page
        .locator('main')
        .locator('button, a, input, [role="radio"], textarea, select')
        .evaluateAll(
          (els, headerBottom) =>
            els
              .map((el) => el.getBoundingClientRect())
              .map(({ top, bottom, left, right, width }) => ({
                top: Math.max(top, headerBottom + 1),
                bottom,
                left,
                right,
                width,
              }))
              .filter((r) => r.width > 0 && r.bottom > r.top && r.top < window.innerHeight)
              .map(({ top, bottom, left, right }) => ({ top, bottom, left, right })),
          band.bottom,
        );
      expect(controls.length).toBeGreaterThan(0);
      for (const control of controls) expect(overlaps(toast, control), JSON.stringify(control)).toBe(false);

      // What lies under the toast (the header) still takes the click: the toast lets it through.
      const under = await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('header')), {
        x: (toast.left + toast.right) / 2,
        y: (toast.top + toast.bottom) / 2,
      });
      expect(under).toBe(true);
      await context.close();
    },
  );
});
