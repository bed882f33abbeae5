import { describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '@app/shared';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/** Every page a signed-out visitor can reach (docs/product.md#public-site), and one that does not exist. */
const PAGES = [...MARKETING_PATHS, '/auth', '/no-such-page'];

describe('public pages accessibility', () => {
  // One test per page and width: each names its page when it fails, and they spread over the workers.
  it.each([1280, 375].flatMap((width) => PAGES.map((path) => ({ path, width }))))(
    'finds no serious or critical violation on $path at $width px wide',
    async ({ path, width }) => {
      const { page } = await browser.newPage(width);
      await page.goto(path);
      // The screen has rendered (routes are lazy) and the session check has settled.
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('keeps the pricing page accessible with yearly billing chosen', async () => {
    const { page } = await browser.newPage(375);
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByText('You save £14.38 a year').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
