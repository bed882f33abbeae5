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
  const axe = (await axeBuilderFor(page)).exclude('[data-sonner-toaster]').options({ resultTypes: ['violations'] });
  const results = await configure(axe).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * How the check runs, for speed with the same findings (measured on a long conversation: 3.9–5.3 s a check
 * the default way, 1.1–1.2 s this way, the same violations, incomplete and passing rules):
 * - In the page itself (axe's "legacy mode"). The default collects each frame's results and finishes them in a
 *   new blank page, a new renderer with axe compiled again in it, at every check. Legacy mode leaves out
 *   frames from another origin, so a page that has one is checked the default way and nothing goes unchecked.
 * - axe is injected once per document: a page that already has it (an earlier check since the last
 *   navigation) is given a source that does nothing instead of axe's half a megabyte again.
 */
async function axeBuilderFor(page: Page): Promise<AxeBuilder> {
  const origin = originOf(page.url());
  const otherOrigin = page.frames().some((frame) => frame !== page.mainFrame() && originOf(frame.url()) !== origin);
  if (otherOrigin) return new AxeBuilder({ page });
  const injected = await page.evaluate(() => 'axe' in window);
  return new AxeBuilder(injected ? { page, axeSource: AXE_ALREADY_ON_THE_PAGE } : { page }).setLegacyMode();
}

const AXE_ALREADY_ON_THE_PAGE = 'void 0';

/** A frame not yet navigated has no address: it counts as another origin, checked the default way. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'none';
  }
}

/** Fails with each serious or critical finding as "rule: selectors", so the message names the culprit. */
export async function expectNoSeriousViolations(page: Page, configure?: (axe: AxeBuilder) => AxeBuilder) {
  expect(await seriousViolations(page, configure)).toEqual([]);
}
