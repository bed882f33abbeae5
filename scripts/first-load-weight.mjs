// What a first-time visitor downloads for one page: every script and style
// sheet requested until the network is idle, gzipped with zlib's default level
// (as a server compressing on the fly would send them). Shared by
// `npm run audit:web` and the JavaScript budget test, so both count the same bytes.
import { gzipSync } from 'node:zlib';

/** The first-load JavaScript budgets of the public pages, KB gzipped (docs/performance.md). */
export const LANDING_JS_BUDGET_KB = 90;
export const PUBLIC_PAGE_JS_BUDGET_KB = 110;
export const jsBudgetKb = (page) => (page === '/' ? LANDING_JS_BUDGET_KB : PUBLIC_PAGE_JS_BUDGET_KB);

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
