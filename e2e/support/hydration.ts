import type { Page } from 'playwright-core';

/**
 * Resolves once React has adopted the page's pre-rendered markup and run the
 * effects of that first commit (the page's providers then mark <html>
 * data-hydrated, app/providers.tsx). A pre-rendered page is visible before its
 * scripts run, and hydration yields as it goes: a test that presses a key
 * handled by an effect, or reads what an effect logs, waits for this first, as
 * a person's first keypress comes after it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}
