import type { Page } from 'playwright-core';

/**
 * Resolves once React has adopted the page's pre-rendered markup (it tags the
 * DOM nodes it owns). A pre-rendered page is visible before its scripts run:
 * a test that presses a key handled by an effect, or reads what an effect
 * logs, waits for this first, as a person's first keypress comes after it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return Boolean(first && Object.keys(first).some((key) => key.startsWith('__reactFiber')));
  });
}
