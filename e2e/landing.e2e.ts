import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { PASSWORD } from './support/constants';
import { baseUrl } from './support/server';
import { signUpByApi } from './support/member-session';

const browser = useBrowser();

const stories = (page: Page) => page.getByRole('region', { name: 'What professionals tell us' });

describe('landing page content', () => {
  it('shows the hero, beta offer, benefits, eight testimonials, the journey and the footer', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find your calm when work gets loud' }).waitFor();
    expect(await page.title()).toBe('Calm Space — Instant calm when stress hits');
    expect(await page.locator('meta[name="description"][content*="Join the free beta"]').count()).toBe(1);

    // The live places (decision 038; e2e/beta-places.e2e.ts follows them as one is taken).
    const { seats, left } = JSON.parse((await page.locator('#beta-places').textContent())!) as {
      seats: number;
      left: number;
    };
    expect(seats).toBe(50);
    await page.getByText(`Free beta · ${left} of 50 spots left`).waitFor();
    const cta = page.getByRole('link', { name: 'Join Free Beta Test Now' });
    expect(await cta.getAttribute('href')).toBe('/auth?tab=signup');

    for (const fact of ['100% Free during beta', 'Lifetime discount after', 'Become a founding member']) {
      await page.getByText(fact).waitFor();
    }
    await page.getByText('Limited to 50 professionals').waitFor();
    await page.getByText(`${50 - left} already in`).waitFor();
    await page.getByText(`${left} spots left`, { exact: true }).waitFor();

    for (const benefit of ['Instant calm, any time', 'Right where you already chat', 'Made for professionals']) {
      await page.getByRole('heading', { level: 3, name: benefit }).waitFor();
    }

    // Eight stories for assistive technology; the looping copy is hidden from it.
    const items = stories(page).getByRole('listitem');
    expect(await items.count()).toBe(8);
    expect(await stories(page).locator('li').count()).toBe(16);
    expect(await stories(page).locator('ul[aria-hidden="true"] li').count()).toBe(8);
    for (const text of await items.allInnerTexts()) expect(text).toMatch(/^“.+”\s+.+, [A-Z][a-z]+$/s);

    const journey = page.getByRole('region', { name: 'Your journey back to calm' }).getByRole('listitem');
    expect(await journey.getByRole('heading').allInnerTexts()).toEqual([
      'Enter Your Space',
      'Recalibrate Your Perspective',
      'Reconnect to Your Strength',
      'Perform/Lead/Achieve',
    ]);

    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');

    await cta.click();
    await page.waitForURL('**/auth');
  });

  it('loops the testimonials, pausing on hover and with its button', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    const strip = stories(page).locator('ul').first().locator('..');
    const playState = () => strip.evaluate((el) => getComputedStyle(el).animationPlayState);
    expect(await strip.evaluate((el) => getComputedStyle(el).animationName)).toBe('landing-marquee');
    expect(await playState()).toBe('running');

    // The strip never stands still, so point at it by position rather than by element.
    await strip.locator('..').scrollIntoViewIfNeeded();
    const box = (await strip.locator('..').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    expect(await playState()).toBe('paused');
    await page.mouse.move(5, 5);
    expect(await playState()).toBe('running');

    // Keyboard focus inside the section holds it still too.
    const pause = stories(page).getByRole('button', { name: 'Pause stories' });
    await pause.focus();
    expect(await playState()).toBe('paused');
    await pause.blur();
    expect(await playState()).toBe('running');

    await pause.click();
    await pause.blur();
    await page.mouse.move(5, 5);
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    expect(await playState()).toBe('paused');
  });

  it('holds the testimonials still as a wrapped list under reduced motion', async () => {
    const { page } = await browser.newPage(375);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const list = stories(page).locator('ul').first();
    await list.waitFor();
    expect(await list.evaluate((el) => getComputedStyle(el.parentElement!).animationName)).toBe('none');
    expect(await stories(page).locator('ul[aria-hidden="true"]').isVisible()).toBe(false);
    // Every card fits the phone's width: nothing runs off the side of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await stories(page).getByRole('button', { name: 'Pause stories' }).isVisible()).toBe(false);
  });

  it('finds no serious or critical accessibility violation at phone and desktop widths', async () => {
    for (const width of [375, 1280]) {
      const { page } = await browser.newPage(width);
      await page.goto('/');
      await page.getByRole('link', { name: 'Try for Free' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

describe('landing navigation', () => {
  const NAV = [
    ['How It Works', '/how-it-works'],
    ['Pricing', '/pricing'],
    ['Success Stories', '/success-stories'],
    ['About', '/about'],
  ] as const;

  it.each([1280, 768, 375])('links the four public pages and the sign-in buttons at %i px', async (width) => {
    const { page } = await browser.newPage(width);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of NAV) {
      const name = width < 640 && label === 'Success Stories' ? 'Stories' : label;
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.isVisible()).toBe(true);
    }
    for (const [name, href] of [
      ['Sign In', '/auth'],
      ['Sign Up', '/auth?tab=signup'],
      ['Try for Free', '/auth?tab=signup'],
    ]) {
      const link = page.getByRole('banner').getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
    }

    // Desktop: one row. Tablet and phone: the page links move under the logo.
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Calm Space' }).boundingBox();
    const navBox = await nav.boundingBox();
    if (width >= 1024) expect(Math.abs(navBox!.y + navBox!.height / 2 - (logo!.y + logo!.height / 2))).toBeLessThan(8);
    else expect(navBox!.y).toBeGreaterThanOrEqual(logo!.y + logo!.height - 1);
    // Nothing in the header overflows the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 375) expect(await page.getByText('Success Stories', { exact: true }).isVisible()).toBe(false);
  });

  it('says Loading... until the session is known', async () => {
    const { page } = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('status').filter({ hasText: 'Loading...' }).waitFor();
    release();
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.getByText('Loading...').count()).toBe(0);
  });

  it('offers the dashboard and sign-out to a signed-in member', async () => {
    const { context, page } = await browser.newPage();
    const email = uniqueEmail('landing');
    await signUpByApi(email, 'Lena Landing');
    const res = await context.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(200);
    await page.goto('/');
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    expect(await dashboard.getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  });
});
