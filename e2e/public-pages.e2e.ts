import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, useBrowser } from './support/browser';
import { openSignedIn, signUpByApi } from './support/member-session';
import { baseUrl as serverUrl } from './support/server';
import { waitForHydration } from './support/hydration';
import { PRERENDERED } from './support/prerendered';

const browser = useBrowser();

/** The public pages besides the landing page and /auth, in the footer's and the sitemap's order. */
const PUBLIC_PAGES = PRERENDERED.filter((p) => p.path !== '/' && p.path !== '/auth');

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const topBar = (page: Page) => page.getByRole('banner');
const headContent = (page: Page, selector: string) =>
  page
    .locator(`head ${selector}`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('content') ?? el.getAttribute('href')));

describe('public pages: head and top bar', () => {
  it.each(PUBLIC_PAGES)('$path has its title, one description, a canonical link and sharing tags', async (p) => {
    const { page } = await browser.newPage();
    await page.goto(p.path);
    await expect.poll(() => h1(page).textContent()).toBe(p.heading);
    expect(await page.title()).toBe(p.title);
    const descriptions = await headContent(page, 'meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]!.length).toBeGreaterThan(60);
    const baseUrl = serverUrl();
    expect(await headContent(page, 'link[rel="canonical"]')).toEqual([`${baseUrl}${p.path}`]);
    expect(await headContent(page, 'meta[property="og:url"]')).toEqual([`${baseUrl}${p.path}`]);
    expect(await headContent(page, 'meta[property="og:title"]')).toEqual([p.title]);
    expect(await headContent(page, 'meta[property="og:image"]')).toEqual([`${baseUrl}/og-image.png`]);
    expect(await headContent(page, 'meta[name="twitter:card"]')).toEqual(['summary_large_image']);
  });

  it('shows the page links with Sign In and Sign Up to a signed-out visitor', async () => {
    const { page } = await browser.newPage();
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['How It Works', '/how-it-works'],
      ['Pricing', '/pricing'],
      ['Success Stories', '/success-stories'],
      ['About', '/about'],
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await topBar(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await topBar(page).getByRole('link', { name: 'Your Dashboard' }).count()).toBe(0);
    await topBar(page).getByRole('link', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
  });

  it("shows 'Your Dashboard' to a signed-in member", async () => {
    const email = uniqueEmail('public');
    await signUpByApi(email, 'Pat Public');
    const { page } = await openSignedIn(browser, email, '/pricing');
    await topBar(page).getByRole('link', { name: 'Your Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/how-it-works');
    await topBar(page).getByRole('link', { name: 'Your Dashboard' }).waitFor();
    expect(await topBar(page).getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
    expect(await topBar(page).getByRole('link', { name: 'Sign Up', exact: true }).count()).toBe(0);
  });

  it('links the footer to both legal pages and three social networks in new tabs', async () => {
    const { page } = await browser.newPage();
    await page.goto('/success-stories');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await footer.getByRole('link', { name: 'How the AI coach works' }).getAttribute('href')).toBe('/ai-coach');
    const social = footer.getByRole('link', { name: /^Calm Space on / });
    expect(await social.count()).toBe(3);
    for (const link of await social.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await footer.getByRole('link', { name: /LinkedIn/ }).waitFor();
    await footer.getByRole('link', { name: /Instagram/ }).waitFor();
  });
});

describe('marketing pages', () => {
  it('/how-it-works explains the three pillars, delivery in the messaging app and four transformations', async () => {
    const { page } = await browser.newPage();
    await page.goto('/how-it-works');
    for (const name of ['Instant Reset', 'Build Resilience', 'Safe Space']) {
      await page.getByRole('heading', { name, level: 3 }).waitFor();
    }
    await page.getByRole('heading', { name: 'Coaching inside your messaging app' }).waitFor();
    for (const name of ['Text and audio', 'Step tasks', 'Check-ins', 'Weekly summaries']) {
      await page.getByRole('heading', { name, level: 3 }).waitFor();
    }
    const transformations = page.locator('section[aria-labelledby="transformations-title"] li');
    expect(await transformations.count()).toBe(4);
    await page.getByRole('link', { name: 'Join Free Beta Test Now' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
  });

  it('/pricing switches from monthly to yearly prices from the plan catalogue', async () => {
    const { page } = await browser.newPage(375);
    await page.goto('/pricing');
    await page.getByText('Private beta now open:').waitFor();
    await waitForHydration(page);
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    const yearly = page.getByRole('radio', { name: /^Yearly/ });
    expect(await monthly.isChecked()).toBe(true);
    const spacePass = page.getByRole('article', { name: 'The Space Pass' });
    const freeBeta = page.getByRole('article', { name: 'Free Beta Access' });
    await spacePass.getByText('£5.99', { exact: true }).waitFor();
    await freeBeta.getByText('£0', { exact: true }).waitFor();
    await freeBeta.getByText('No credit card required').waitFor();
    expect(await spacePass.getByText('£4.79').count()).toBe(0);

    await yearly.check();
    expect(await monthly.isChecked()).toBe(false);
    await spacePass.getByText('£4.79', { exact: true }).waitFor();
    await spacePass.getByText('Billed yearly at £57.50').waitFor();
    await spacePass.getByText('Save 20%').waitFor();
    await spacePass.getByText('You save £14.38 a year').waitFor();
    expect(await spacePass.getByText('£5.99', { exact: true }).count()).toBe(0);
    await freeBeta.getByText('£0', { exact: true }).waitFor();

    // Keyboard: the radio group answers the arrow keys.
    await yearly.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await monthly.isChecked()).toBe(true);
    await spacePass.getByText('£5.99', { exact: true }).waitFor();

    await page.getByText('£50–£200').first().waitFor();
    await page.getByText('Cancel anytime', { exact: true }).waitFor();
  });

  it.each([
    ['Choose The Space Pass', 'The Space Pass'],
    ['Join Free Beta', 'Free Beta Access'],
  ])('the %s button remembers "%s" and opens sign-up', async (button, planName) => {
    const { page } = await browser.newPage();
    await page.goto('/pricing');
    // Pre-rendered: its buttons act once React has taken the page over.
    await waitForHydration(page);
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selectedPricingPlan'))).toBe(planName);
  });

  it('/success-stories shows three testimonials and three headline figures', async () => {
    const { page } = await browser.newPage();
    await page.goto('/success-stories');
    await page.getByRole('heading', { name: 'In their own words' }).waitFor();
    expect(await page.locator('blockquote').count()).toBe(3);
    // Figures the beta can stand behind, not "Thousands" or "92%" (decision 034).
    await page.getByText('50', { exact: true }).waitFor();
    await page.getByText('Seconds', { exact: true }).waitFor();
    expect(await page.getByText(/Thousands|92%/).count()).toBe(0);
    // The same people, from the same cities, as the landing page's testimonials.
    for (const person of ['Priya S.', 'Aisha K.', 'Tom R.']) await page.getByText(person, { exact: true }).waitFor();
    await page.getByText('Finance Director, Leeds').waitFor();
    expect(await page.locator('dl dd').count()).toBe(3);
  });

  it('/about covers the mission, the challenge and the change, values and the origin story', async () => {
    const { page } = await browser.newPage();
    await page.goto('/about');
    for (const name of [
      'Calm, focus and self-belief for every working professional',
      'The challenge',
      'The transformation',
      'Our values',
      'Born from a very ordinary Tuesday',
    ]) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
  });
});

describe('legal pages', () => {
  const sectionHeadings = (page: Page) => page.locator('article section h2');

  it('/terms has 14 numbered sections, a contents list and the stated facts', async () => {
    const { page } = await browser.newPage();
    await page.goto('/terms');
    await h1(page).waitFor();
    await page.getByText(/^Last updated: \d{1,2} \w+ \d{4}$/).waitFor();
    const headings = await sectionHeadings(page).allTextContents();
    expect(headings).toHaveLength(14);
    headings.forEach((text, i) => expect(text).toMatch(new RegExp(`^${i + 1}\\. `)));
    expect(await page.getByRole('navigation', { name: 'Contents' }).getByRole('link').count()).toBe(14);
    const text = await page.locator('article').innerText();
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('30 days’ notice');
    expect(text).toContain('law of England and Wales');
    expect(text).toContain('not medical advice');
    expect(text).toContain('not a person');
    for (const contact of ['999', '111', '116 123', '85258']) expect(text).toContain(contact);

    await page.getByRole('link', { name: 'Read our Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });

  it('/privacy-policy has 17 numbered sections, the stated facts and a link back to the terms', async () => {
    const { page } = await browser.newPage();
    await page.goto('/privacy-policy');
    await h1(page).waitFor();
    const headings = await sectionHeadings(page).allTextContents();
    expect(headings).toHaveLength(17);
    headings.forEach((text, i) => expect(text).toMatch(new RegExp(`^${i + 1}\\. `)));
    const text = await page.locator('article').innerText();
    expect(text).toContain('not intended for children under 16');
    expect(text).toContain('within 30 days of your account being deleted');
    expect(text).toContain('7 years');
    expect(text).toContain('within 72 hours');
    expect(text).toContain('within one month');
    expect(text).toContain('UK GDPR');
    expect(text).toContain('Information Commissioner’s Office');
    expect(text).toContain('not used to train AI models');

    // The contents list jumps to its section.
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Your rights' }).click();
    await page.waitForURL('**/privacy-policy#your-rights');

    await page.getByRole('link', { name: 'Read our Terms & Conditions' }).click();
    await page.waitForURL('**/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
  });
});

describe('not found and discovery files', () => {
  it('an unknown path shows the not-found page, kept out of search results', async () => {
    const { page } = await browser.newPage();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Calm Space');
    expect(await headContent(page, 'meta[name="robots"]')).toEqual(['noindex']);
    expect(await headContent(page, 'link[rel="canonical"]')).toEqual([]);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('serves robots.txt and a sitemap of the public pages with absolute addresses', async () => {
    const baseUrl = serverUrl();
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain('User-agent: *');
    for (const path of ['/admin', '/dashboard', '/profile', '/subscription', '/auth/callback', '/dev']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['/', ...PUBLIC_PAGES.map((p) => p.path)].map((path) => `${baseUrl}${path}`));
  });

  it('serves the web manifest and the app icons it names', async () => {
    const baseUrl = serverUrl();
    const res = await fetch(`${baseUrl}/site.webmanifest`);
    expect(res.ok).toBe(true);
    const manifest = (await res.json()) as { name: string; icons: { src: string; sizes: string }[] };
    expect(manifest.name).toBe('Calm Space');
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.ok, icon.src).toBe(true);
    }
    expect((await fetch(`${baseUrl}/apple-touch-icon.png`)).headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${baseUrl}/og-image.png`)).headers.get('content-type')).toBe('image/png');
  });
});
