// npm run audit:web: first-load weight and Lighthouse scores of every public page.
// Builds the web app if stale, starts the real server (local mode, temporary
// PGlite) on a free port, then measures each page. A report, not a test gate.
//
// Options: --pages=/,/pricing (a subset)   --verbose (list each first-load file)
// Env: AUDIT_WEB_OUT_DIR (build folder, default apps/web/dist), CHROMIUM_PATH.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { MARKETING_PATHS } from '../packages/shared/src/site-pages.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { startLocalServer } from './local-server.mjs';
import { buildWebIfStale, DEFAULT_WEB_OUT_DIR } from './web-build.mjs';

const PUBLIC_PAGES = [...MARKETING_PATHS, '/auth'];
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Targets for the landing page (docs/performance.md). */
const LANDING_TARGETS = { jsKb: 120, performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const pagesArg = args.find((a) => a.startsWith('--pages='));
const pages = pagesArg ? pagesArg.slice('--pages='.length).split(',') : PUBLIC_PAGES;

/** Scripts and style sheets a fresh visitor downloads for one page, gzipped as a server would send them. */
async function firstLoadWeight(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
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
  await context.close();
  const sum = (type, key) => files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
  return { files, jsGzip: sum('script', 'gzip'), cssGzip: sum('stylesheet', 'gzip'), jsRaw: sum('script', 'raw') };
}

async function lighthouseScores(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    formFactor: 'mobile',
  });
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    return { scores: Object.fromEntries(CATEGORIES.map((c) => [c, null])), failing: [], metrics: runtimeError.message };
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c].score ?? 0) * 100)]));
  // The audits that cost points, for the notes under the table.
  const failing = CATEGORIES.flatMap((c) =>
    categories[c].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 0.9)
      .map(
        (ref) =>
          `${c}: ${audits[ref.id].title}${audits[ref.id].displayValue ? ` (${audits[ref.id].displayValue})` : ''}`,
      ),
  );
  const metrics = Object.entries(METRICS)
    .map(([id, label]) => `${label} ${audits[id].displayValue}`)
    .join(', ');
  return { scores, failing, metrics };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function printTable(rows) {
  const header = ['Page', 'JS gz KB', 'CSS gz KB', 'Perf', 'A11y', 'Best pr.', 'SEO'];
  const body = rows.map((r) => [
    r.page,
    kb(r.weight.jsGzip),
    kb(r.weight.cssGzip),
    ...CATEGORIES.map((c) => String(r.lighthouse.scores[c] ?? '—')),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
}

async function main() {
  const webOutDir = process.env.AUDIT_WEB_OUT_DIR || DEFAULT_WEB_OUT_DIR;
  buildWebIfStale(webOutDir);
  const { baseUrl, stop } = await startLocalServer({ webOutDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
  });
  const rows = [];
  try {
    for (const page of pages) {
      process.stdout.write(`Auditing ${page} ...\n`);
      const weight = await firstLoadWeight(browser, baseUrl + page);
      let result = await lighthouseScores(chrome.port, baseUrl + page);
      // A busy machine now and then loses the trace (NO_NAVSTART); one more try usually settles it.
      if (result.scores.performance === null) result = await lighthouseScores(chrome.port, baseUrl + page);
      rows.push({ page, weight, lighthouse: result });
    }
  } finally {
    await browser.close();
    chrome.kill();
    await stop();
  }

  printTable(rows);
  console.log('\nJS and CSS: every script and style sheet a first visit downloads, gzipped (zlib default level).');
  console.log('Lighthouse 12.8, mobile form factor with simulated throttling.\n');
  for (const row of rows) {
    console.log(`${row.page}  ${row.lighthouse.metrics}`);
    for (const note of row.lighthouse.failing) console.log(`    - ${note}`);
    if (verbose) {
      for (const f of [...row.weight.files].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`    ${f.type.padEnd(10)} ${kb(f.gzip).padStart(6)} KB gz  ${f.file}`);
      }
    }
  }

  const landing = rows.find((r) => r.page === '/');
  if (landing) {
    const checks = [
      [`JS ≤ ${LANDING_TARGETS.jsKb} KB gz`, landing.weight.jsGzip / 1024 <= LANDING_TARGETS.jsKb],
      ...CATEGORIES.map((c) => [`${c} ≥ ${LANDING_TARGETS[c]}`, landing.lighthouse.scores[c] >= LANDING_TARGETS[c]]),
    ];
    console.log('\nLanding page targets:');
    for (const [label, met] of checks) console.log(`  ${met ? 'met    ' : 'MISSED '} ${label}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
