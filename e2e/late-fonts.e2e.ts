import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { holdRequests } from './support/held-requests';
import { waitForHydration } from './support/hydration';
import { layoutShift, PRERENDERED, settledSession } from './support/prerendered';

// The desktop browser: where a line wraps in the fallback font is the desktop's
// text layout, which the headless shell does not share (decision 068).
const browser = useBrowser({ desktop: true });

describe('pre-rendered public pages with late fonts', () => {
  // On a slow phone connection the fonts arrive after the first paint; a heading
  // that wraps differently in the web font than in its fallback then pushes the
  // page down (issue 14: /pricing's heading at 412 px). The fonts are held back
  // until the page is painted and hydrated, as on Lighthouse's slow 4G.
  it.each(PRERENDERED.flatMap((p) => [375, 412].map((width) => ({ ...p, width }))))(
    '$path at $width px does not move when the fonts arrive late',
    async (p) => {
      const { context, page } = await browser.newPage(p.width, 800);
      const fonts = await holdRequests(page, '**/*.woff2', 'GET');
      // The load event waits for the held fonts, so only the HTML is awaited.
      await page.goto(p.path, { waitUntil: 'domcontentloaded' });
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settledSession(page, p.path);
      // Only what the fonts move counts here; hydration is checked above.
      const before = await layoutShift(page);
      // Fonts requested after the release are not held.
      await fonts.release();
      await page.evaluate(async () => {
        await document.fonts.ready;
        // Two frames: the relayout with the new font, then its layout-shift entry.
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      });
      expect((await layoutShift(page)) - before).toBeLessThan(0.01);
      await context.close();
    },
  );
});
