import { expect, it } from 'vitest';
import { baseUrl } from './support/server';
import { MARKETING_PATHS } from '@app/shared';
import { firstLoadWeight, jsBudgetKb } from '../scripts/first-load-weight.mjs';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/**
 * The first-load JavaScript budgets of docs/performance.md, on the production build
 * the e2e setup serves: every script a first visit downloads, gzipped.
 */
it.each([...MARKETING_PATHS, '/auth'])('%s stays within its first-load JavaScript budget', async (path) => {
  const { context, page } = await browser.newPage(412, 823);
  const weight = await firstLoadWeight(page, `${baseUrl()}${path}`);
  await context.close();
  const kb = weight.jsGzip / 1024;
  const files = weight.files
    .filter((f) => f.type === 'script')
    .map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`)
    .join(', ');
  expect(kb, `${path}: ${kb.toFixed(1)} KB gz (${files})`).toBeLessThanOrEqual(jsBudgetKb(path));
});
