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

/**
 * The count must not depend on the machine's speed. The page asks for React and its own
 * module only after its first paint (decision 045); on a slow machine that paint can come
 * after the network has been quiet long enough for Playwright's "network idle", and a
 * measure that stopped there counted the entry alone (and read the late scripts' bodies
 * after their page had closed).
 */
it('counts the scripts asked for after the first paint when the page paints late', async () => {
  const path = '/about';
  const quick = await browser.newPage(412, 823);
  const expected = await firstLoadWeight(quick.page, `${baseUrl()}${path}`);
  await quick.context.close();

  const slow = await browser.newPage(412, 823);
  const devTools = await slow.context.newCDPSession(slow.page);
  await devTools.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  const measured = await firstLoadWeight(slow.page, `${baseUrl()}${path}`);
  await slow.context.close();

  const scripts = (weight: typeof measured) =>
    weight.files
      .filter((f) => f.type === 'script')
      .map((f) => f.file)
      .sort();
  expect(scripts(measured)).toEqual(scripts(expected));
  expect(measured.jsGzip).toBe(expected.jsGzip);
});
