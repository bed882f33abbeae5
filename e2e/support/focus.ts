import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/** Whether the element is the page's focused element. */
export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Waits until focus is on the element (focus moves after a dialog or menu finishes closing). */
export async function expectFocused(locator: Locator) {
  await expect.poll(() => isFocused(locator)).toBe(true);
}
