import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The one accessibility policy of the end-to-end tests: every axe rule (WCAG
 * 2.0–2.2 A and AA, and best practices), and no serious or critical finding.
 * The notification area is left out: toasts come and go on timers, and axe
 * reads a toast mid-animation as faded text, so a check that included them
 * would pass or fail by timing. `configure` narrows the check further (a menu
 * that hides the page behind it, a dialog).
 */
export async function seriousViolations(page: Page, configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe) {
  const results = await configure(new AxeBuilder({ page }).exclude('[data-sonner-toaster]')).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails with each serious or critical finding as "rule: selectors", so the message names the culprit. */
export async function expectNoSeriousViolations(page: Page, configure?: (axe: AxeBuilder) => AxeBuilder) {
  expect(await seriousViolations(page, configure)).toEqual([]);
}
