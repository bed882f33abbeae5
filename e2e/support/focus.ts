import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Whether the element is the page's focused element. */
export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Waits until focus is on the element (focus moves after a dialog or menu finishes closing). */
export async function expectFocused(locator: Locator) {
  await expect.poll(() => isFocused(locator)).toBe(true);
}

/** The focused element's tag and accessible-ish name, for a failure message that says where focus went. */
export const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.id ?? ''} ${(el.textContent ?? '').trim().slice(0, 40)}`;
  });
