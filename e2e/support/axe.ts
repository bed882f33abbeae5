import AxeBuilder from '@axe-core/playwright';
import axeCore, { type AxeResults } from 'axe-core';
import { expect } from 'vitest';
import type { Frame, Page } from 'playwright-core';

declare global {
  interface Window {
    axe: typeof axeCore;
  }
}

/**
 * The one accessibility policy of the end-to-end tests: every axe rule (WCAG
 * 2.0–2.2 A and AA, and best practices), and no serious or critical finding.
 * The notification area is left out: toasts come and go on timers, and axe
 * reads a toast mid-animation as faded text, so a check that included them
 * would pass or fail by timing. `configure` narrows the check further (a menu
 * that hides the page behind it, a dialog); a frame from another origin is
 * checked whole. The check first lets the page's short running animations end
 * (entrances and transitions, under a second): a dialog still fading in has
 * faded buttons, which axe would report as low contrast. Paused, endless and
 * long animations (a story's progress bar) are not waited for.
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
  return [...describeSerious(results.violations), ...(await violationsInFramesFromElsewhere(page))];
}

const describeSerious = (violations: AxeResults['violations'], frame: string[] = []) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => [...frame, ...n.target].join(' ')).join(', ')}`);

/**
 * axe runs in the page itself (axe's "legacy mode"), for speed with the same findings: the other way collects each
 * frame's results and finishes them in a new blank page, a new renderer with axe compiled again in it, at every check
 * (measured on a long conversation: 3.9–5.3 s a check that way, 1.1–1.2 s this way, the same violations, incomplete
 * and passing rules). axe is injected once per document: a page that already has it (an earlier check since the
 * last navigation) is given a source that does nothing instead of axe's half a megabyte again.
 */
async function axeBuilderFor(page: Page): Promise<AxeBuilder> {
  const injected = await page.evaluate(() => 'axe' in window);
  return new AxeBuilder(injected ? { page, axeSource: AXE_ALREADY_ON_THE_PAGE } : { page }).setLegacyMode();
}

const AXE_ALREADY_ON_THE_PAGE = 'void 0';

/**
 * axe in the page does not reach into a frame from another origin, so each such frame is checked as a document of
 * its own, whole, its findings named after the frame's place in the page (axe's selector for the frame, then the
 * element's). Our pages allow no such frame (their Content-Security-Policy); the check still looks inside one.
 * axe's own way across origins is not used: it gives each frame one second to take axe's source and, on a loaded
 * machine, leaves out a frame that takes longer without a word.
 */
async function violationsInFramesFromElsewhere(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const found: string[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || originOf(frame.url(), origin) === origin) continue;
    await ensureAxe(frame);
    const violations = await frame.evaluate(() =>
      window.axe.run(document, { iframes: false, resultTypes: ['violations'] }).then((results) => results.violations),
    );
    found.push(...describeSerious(violations, await placeInPage(frame)));
  }
  return found;
}

/** The selectors that lead from the page to the frame, one for each frame on the way. */
async function placeInPage(frame: Frame): Promise<string[]> {
  const parent = frame.parentFrame();
  if (!parent) return [];
  await ensureAxe(parent);
  const element = await frame.frameElement();
  // axe's own name for the frame, as its results across frames give it.
  const selector = await parent.evaluate((el) => {
    const { getFrameContexts, shadowSelect } = window.axe.utils;
    const named = getFrameContexts().find(({ frameSelector }) => shadowSelect(frameSelector) === el);
    return named && [named.frameSelector].flat().join(' ');
  }, element);
  if (!selector) throw new Error(`axe finds no frame for ${frame.url()} in ${parent.url()}`);
  return [...(await placeInPage(parent)), selector];
}

async function ensureAxe(frame: Frame) {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeCore.source);
}

/**
 * The origin of a frame's address. A frame with no address of its own (about:blank, srcdoc) shares its parent's
 * document origin, and axe in the page reaches it: it counts as the page's.
 */
function originOf(url: string, page: string): string {
  return /^https?:/.test(url) ? new URL(url).origin : page;
}

/** Fails with each serious or critical finding as "rule: selectors", so the message names the culprit. */
export async function expectNoSeriousViolations(page: Page, configure?: (axe: AxeBuilder) => AxeBuilder) {
  expect(await seriousViolations(page, configure)).toEqual([]);
}
