import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The one accessibility policy of the end-to-end tests: every axe rule (WCAG
 * 2.0–2.2 A and AA, and best practices), and no serious or critical finding.
 * The notification area is left out: toasts come and go on timers, and axe
 * reads a toast mid-animation as faded text, so a check that included them
 * would pass or fail by timing. `configure` narrows the check further (a menu
 * that hides the page behind it, a dialog). The check first lets the page's short
 * running animations end (entrances and transitions, under a second): a dialog still
 * fading in has faded buttons, which axe would report as low contrast. Paused, endless
 * and long animations (a story's progress bar) are not waited for.
 */
export async function seriousViolations(page: Page, configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          if (animation.playState !== 'running') return false;
          const { endTime, localTime } = animation.effect?.getComputedTiming() ?? {};
          return typeof endTime === 'number' && endTime - Number(localTime ?? 0) <= 1000;
        })
        // A cancelled animation rejects `finished`; it has ended all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Only violations are read, so axe need not describe every passing node (a good part of its time).
  const axe = new AxeBuilder({ page }).exclude('[data-sonner-toaster]').options({ resultTypes: ['violations'] });
  const results = await configure(axe).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails with each serious or critical finding as "rule: selectors", so the message names the culprit. */
export async function expectNoSeriousViolations(page: Page, configure?: (axe: AxeBuilder) => AxeBuilder) {
  expect(await seriousViolations(page, configure)).toEqual([]);
}
