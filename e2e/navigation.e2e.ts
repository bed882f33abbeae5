import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { afterRender, useBrowser } from './support/browser';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The footer's legal links (decision 033: a new page opens at the top, Back returns where you were). */
const legalLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name, exact: true });

describe('scrolling on navigation', () => {
  it('opens a footer link from a scrolled page at the top, and Back returns to where the visitor was', async () => {
    const { page } = await browser.newPage(1280, 800);
    await page.goto('/pricing');
    await waitForHydration(page);
    const link = legalLink(page, 'Privacy Policy');
    await link.scrollIntoViewIfNeeded();
    await afterRender(page);
    const down = await scrollY(page);
    expect(down).toBeGreaterThan(800);

    await link.click();
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await afterRender(page);
    expect(await scrollY(page)).toBe(0);

    // Read a little of the new page, then go back.
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 0);
    await page.goBack();
    await page.waitForURL('**/pricing');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, down);

    // Forward returns to where the privacy policy was left, not its top.
    await page.goForward();
    await page.waitForURL('**/privacy-policy');
    await page.waitForFunction(() => window.scrollY > 0);
  });

  it('opens the next page at the top on a phone too', async () => {
    const { page } = await browser.newPage(375, 740);
    await page.goto('/about');
    await waitForHydration(page);
    const link = legalLink(page, 'Terms & Conditions');
    await link.scrollIntoViewIfNeeded();
    await afterRender(page);
    expect(await scrollY(page)).toBeGreaterThan(740);
    await link.click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await afterRender(page);
    expect(await scrollY(page)).toBe(0);
  });
});
