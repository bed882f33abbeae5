// What a first-time visitor downloads for one page: every script and style
// sheet requested until the network is idle, gzipped with zlib's default level
// (as a server compressing on the fly would send them). Shared by
// `npm run audit:web` and the JavaScript budget test, so both count the same bytes.
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript, KB gzipped (docs/performance.md). The targets are where
 * the public pages must get to (issue 14: landing 90, the others 110); the
 * budgets are what e2e/js-budget.e2e.ts enforces today: the figures of
 * 23 November 2026 (TanStack Query, the demo store and, on /auth, zod out of
 * the first load; then cn() on a small tailwind-merge config) plus about 1.5 KB, so nothing grows unnoticed. Lower a budget whenever
 * a page gets lighter; raise one only with the reason in docs/performance.md.
 */
export const JS_TARGET_KB = { landing: 90, other: 110 };
export const JS_BUDGET_KB = { '/': 112.5, '/auth': 160, other: 113.5 };

export const jsTargetKb = (page) => (page === '/' ? JS_TARGET_KB.landing : JS_TARGET_KB.other);
export const jsBudgetKb = (page) => JS_BUDGET_KB[page] ?? JS_BUDGET_KB.other;

/**
 * @param {import('playwright-core').Page} page a page in a fresh browser context (empty cache)
 * @param {string} url
 */
export async function firstLoadWeight(page, url) {
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => ({
        type,
        file: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body).length,
      })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = await Promise.all(pending);
  const sum = (type, key) => files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
  return { files, jsGzip: sum('script', 'gzip'), cssGzip: sum('stylesheet', 'gzip'), jsRaw: sum('script', 'raw') };
}
