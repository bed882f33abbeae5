import { describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '@app/shared';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/** Every page a signed-out visitor can reach (admin-and-marketing §2), and one that does not exist. */
const PAGES = [...MARKETING_PATHS, '/auth', '/no-such-page'];

describe('public pages accessibility', () => {
  it.each([1280, 375])('finds no serious or critical violation at %i px wide', async (width) => {
    const { page } = await browser.newPage(width);
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
  });

  it('keeps the pricing page accessible with yearly billing chosen', async () => {
    const { page } = await browser.newPage(375);
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByText('You save £14.38 a year').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
