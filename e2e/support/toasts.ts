import type { Page } from 'playwright-core';

/**
 * Toasts (sonner, top centre over the sticky header, decision 038). A click
 * goes through a toast to what is under it, except on its close button.
 * Dismiss toasts before anything that must not see them (the axe check).
 */

/** The first toast whose text contains every one of `parts`. */
export function toast(page: Page, ...parts: string[]) {
  let found = page.locator('[data-sonner-toast]');
  for (const part of parts) found = found.filter({ hasText: part });
  return found.first();
}

/** Waits for a toast whose text contains every one of `parts`. */
export async function expectToast(page: Page, ...parts: string[]) {
  await toast(page, ...parts).waitFor();
}

/** Text of every toast on screen. */
export const toastTexts = (page: Page) => page.locator('[data-sonner-toast]').allInnerTexts();

/** Closes every toast with its own close button, as a person would, and waits until none is left. */
export async function dismissToasts(page: Page) {
  const close = page.locator('[data-sonner-toast] button[data-close-button]');
  while ((await close.count()) > 0) {
    // A toast leaving at this moment has nothing left to click.
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => {});
  }
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
}
