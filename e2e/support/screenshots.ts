import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Photographs for looking at a screen, not for asserting: saved only when
 * E2E_SCREENSHOT_DIR names a folder (a run meant for review), else nothing.
 */
export async function photograph(page: Page, name: string, locator?: Locator) {
  const folder = process.env.E2E_SCREENSHOT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  await (locator ? locator.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}
