import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { MARKETING_PATHS } from '@app/shared';
import { useBrowser } from './support/browser';
import { isFocused } from './support/focus';
import { waitForHydration } from './support/hydration';
import { signUpAndConfirm } from './support/member-session';

const browser = useBrowser();

/** Text only React Router's code carries (its error messages). */
const ROUTER_MARK = 'React Router caught the following error';

/**
 * Every script the page downloads until it has hydrated and the network is
 * idle, with its text. Listening stops then, so no script's text is still
 * being read when the test closes the page.
 */
async function scriptsOf(page: Page, path: string): Promise<{ url: string; text: string }[]> {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
    }
  };
  page.on('response', collect);
  await page.goto(path, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  page.off('response', collect);
  return Promise.all(scripts);
}

/** Presses Tab until `name` has focus (at most 30 times); fails if it never does. */
async function tabTo(page: Page, name: string) {
  const link = page.getByRole('banner').getByRole('link', { name, exact: true });
  for (let presses = 0; presses < 30; presses += 1) {
    if (await isFocused(link)) return link;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${name} link`);
}

describe('the marketing pages’ own entry, which /auth shares (decisions 041, 043)', () => {
  it.each([...MARKETING_PATHS, '/auth', '/auth?tab=signup'])('%s hydrates without React Router', async (path) => {
    const { page } = await browser.newPage(412, 823);
    const scripts = await scriptsOf(page, path);
    await waitForHydration(page);
    expect(scripts.length).toBeGreaterThan(0);
    const withRouter = scripts.filter((script) => script.text.includes(ROUTER_MARK)).map((script) => script.url);
    expect(withRouter).toEqual([]);
  });

  it.each([...MARKETING_PATHS, '/auth', '/auth?tab=signup'])(
    '%s paints before it asks for more script than its small entry',
    async (path) => {
      const { page } = await browser.newPage(412, 823);
      const served = await (await page.request.get(path)).text();
      const inHtml = [
        ...served.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g),
      ].map((m) => m[1]);
      // The entry and Vite's chunk loader: a few hundred bytes that run no React.
      expect(inHtml.length).toBeLessThanOrEqual(2);
      await page.goto(path, { waitUntil: 'networkidle' });
      await waitForHydration(page);
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      expect(firstPaint).not.toBeNull();
      const later = scripts.filter((script) => !inHtml.includes(script.path));
      // React and the page's own code: asked for, and then hydrated, after the first paint.
      expect(later.length).toBeGreaterThan(0);
      expect(later.filter((script) => script.startTime < firstPaint!)).toEqual([]);
    },
  );

  it('the SPA still carries React Router, so the mark above is a real test', async () => {
    const { page } = await browser.newPage(412, 823);
    const scripts = await scriptsOf(page, '/no-such-page');
    expect(scripts.some((script) => script.text.includes(ROUTER_MARK))).toBe(true);
  });

  it('the landing page downloads none of its static sections’ code, and they stay as served', async () => {
    const { page } = await browser.newPage(375, 740);
    const scripts = await scriptsOf(page, '/');
    await waitForHydration(page);
    // The journey's headings are in the served HTML only: no script carries them.
    expect(scripts.filter((script) => script.text.includes('Recalibrate Your Perspective'))).toEqual([]);
    await page.getByRole('heading', { level: 3, name: 'Recalibrate Your Perspective' }).waitFor();
    // The testimonials are hydrated: their pause button works.
    const pause = page.getByRole('button', { name: 'Pause stories' });
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    await pause.click();
    await expect.poll(() => pause.getAttribute('aria-pressed')).toBe('true');
  });

  it('a visitor moves between marketing pages with the keyboard, each a pre-rendered page', async () => {
    const { page } = await browser.newPage(1280, 900);
    await page.goto('/pricing');
    await waitForHydration(page);
    const about = await tabTo(page, 'About');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: 'About Calm Space' }).waitFor();
    const current = page.getByRole('banner').getByRole('link', { name: 'About', exact: true });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await about.count()).toBe(1);

    // Sign Up is a page load too, and /auth arrives on its Sign Up tab from the first paint.
    await waitForHydration(page);
    await tabTo(page, 'Sign Up');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/auth(\?tab=signup)?$/);
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await page.waitForURL('**/auth');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
  });

  it('/auth?tab=signup is served on the Sign Up tab, before any script runs', async () => {
    const { page } = await browser.newPage(412, 823, { javaScriptEnabled: false });
    await page.goto('/auth?tab=signup');
    expect(await page.title()).toBe('Sign Up · Calm Space');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await page.goto('/auth');
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a member’s header on the marketing pages, and the way back into the app', async () => {
    const { page } = await browser.newPage(1280, 900);
    await signUpAndConfirm(page, 'Riley Member');
    await page.goto('/pricing');
    await waitForHydration(page);
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Your Dashboard' });
    await dashboard.waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('inside the SPA, a link to a marketing page still navigates without a page load', async () => {
    const { page } = await browser.newPage(1280, 900);
    await page.goto('/no-such-page');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find your calm when work gets loud' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
