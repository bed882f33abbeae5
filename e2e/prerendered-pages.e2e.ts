import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/server';
import { useBrowser } from './support/browser';
import { waitForHydration } from './support/hydration';
import { layoutShift, PRERENDERED, settledSession } from './support/prerendered';

const browser = useBrowser();

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .trim();

/** The page as a crawler or a browser without JavaScript receives it. */
async function servedHtml(path: string): Promise<{ status: number; head: string; body: string }> {
  const res = await fetch(`${baseUrl()}${path}`);
  const html = await res.text();
  const [head = '', body = ''] = html.split('</head>');
  return { status: res.status, head, body };
}

describe('pre-rendered public pages', () => {
  it.each(PRERENDERED)('$path arrives as HTML with its heading, title and canonical link', async (p) => {
    const { status, head, body } = await servedHtml(p.path);
    expect(status).toBe(200);
    const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(body);
    expect(h1 && decode(h1[1]!)).toBe(p.heading);
    const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
    expect(titles).toEqual([p.title]);
    const canonicals = [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
    expect(canonicals).toEqual([`${baseUrl()}${p.path}`]);
    expect(head).toMatch(/<meta name="description" content="[^"]{60,}"/);
    expect(head).toContain(`<meta property="og:url" content="${baseUrl()}${p.path}"/>`);
    expect(head).toContain(`<meta property="og:image" content="${baseUrl()}/og-image.png"/>`);
    // It paints without its scripts, so they must not compete with the style sheet and fonts.
    const scripts = [...head.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
  });

  it.each(PRERENDERED)('$path hydrates in Chromium without an error or a layout shift', async (p) => {
    const { context, page } = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(p.path);
    await waitForHydration(page);
    await settledSession(page, p.path);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(p.heading);
    expect(await page.title()).toBe(p.title);
    // One of each head tag: React adopted the pre-rendered ones instead of adding its own.
    expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
    expect(await page.locator('head meta[name="description"]').count()).toBe(1);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/auth?reset (the lock mail's link) hydrates the sign-in HTML, then opens the reset form", async () => {
    const { context, page } = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/auth?reset');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/auth cannot send its form before the page is hydrated', async () => {
    // Sent natively, the sign-in form would put the password in the address.
    const { body } = await servedHtml('/auth');
    const form = /<form\b[^>]*>[\s\S]*?<\/form>/.exec(body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });
});

describe('paths outside the pre-rendered pages', () => {
  it('answers an unknown path with 404 and the not-found page', async () => {
    const { status, head, body } = await servedHtml('/no-such-page/here');
    expect(status).toBe(404);
    expect(body).toContain('Oops! Page not found');
    expect(body).toContain('href="/"');
    expect(head).toContain('<meta name="robots" content="noindex"/>');

    const { context, page } = await browser.newPage();
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it.each([
    '/dashboard',
    '/profile',
    '/onboarding',
    '/subscription',
    '/admin',
    '/admin/users',
    '/auth/callback',
    '/dev/mailbox',
    '/dev/whatsapp',
    '/onboarding-complete',
  ])('%s, a route the web app knows, still loads on reload', async (path) => {
    const { status, body } = await servedHtml(path);
    expect(status).toBe(200);
    expect(body).toContain('<div id="root"></div>');
  });
});
