import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MARKETING_PATHS } from '@app/shared';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/** Every page a signed-out visitor can reach (docs/product.md#public-site), and one that does not exist. */
const PAGES = [...MARKETING_PATHS, '/auth', '/no-such-page'];

/** Serious and critical axe findings, each as "rule: selectors" so a failure names the culprit. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('public pages accessibility', () => {
  it.each([1280, 375])('finds no serious or critical violation at %i px wide', async (width) => {
    const { context, page } = await browser.newPage(width);
    const found: Record<string, string[]> = {};
    for (const path of PAGES) {
      await page.goto(path);
      // The screen has rendered (routes are lazy) and the session check has settled.
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it('keeps the pricing page accessible with yearly billing chosen', async () => {
    const { context, page } = await browser.newPage(375);
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByText('You save £14.38 a year').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
