import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail, useBrowser } from './support/browser';
import { waitForHydration } from './support/hydration';
import { openSignedIn, signUpByApi } from './support/member-session';

const browser = useBrowser();

const storedPlan = (page: Page) => page.evaluate(() => localStorage.getItem('selectedPricingPlan'));
const search = (page: Page) => new URL(page.url()).search;

// /pricing arrives pre-rendered: a plan button is pressed before React has taken the page
// over, or in a browser whose scripts never run. Its form carries the plan to /auth.
describe('/pricing plan buttons before JavaScript', () => {
  it('carry the plan to /auth, which opens sign-up with it and cleans the address', async () => {
    const { page: withoutScript } = await browser.newPage(1280, 900, { javaScriptEnabled: false });
    await withoutScript.goto('/pricing');
    await withoutScript.getByRole('button', { name: 'Choose The Space Pass' }).click();
    await withoutScript.waitForURL('**/auth?**');
    const arrival = new URL(withoutScript.url());
    expect(arrival.pathname).toBe('/auth');
    expect(arrival.searchParams.get('plan')).toBe('The Space Pass');
    expect(arrival.searchParams.get('period')).toBe('monthly');
    await withoutScript.getByRole('heading', { name: 'Welcome to Calm Space' }).waitFor();

    const { page } = await browser.newPage();
    // The plan is read after hydration: the pre-rendered /auth is adopted without a mismatch.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${arrival.pathname}${arrival.search}`);
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    await page.getByText("You're joining with The Space Pass").waitFor();
    expect(search(page)).toBe('');
    expect(await storedPlan(page)).toBe('The Space Pass');
    expect(errors).toEqual([]);
  });

  it('ignore a plan name that is not a plan', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth?plan=Gold&period=yearly');
    await waitForHydration(page);
    await expect.poll(() => search(page)).toBe('');
    await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
    expect(await storedPlan(page)).toBeNull();
  });

  it('send a signed-in member arriving with a paid plan to buy it, as the button does', async () => {
    const email = uniqueEmail('pricing-form');
    await signUpByApi(email, 'Pat Pricing');
    const { page } = await openSignedIn(browser, email, '/auth?plan=The+Space+Pass&period=yearly');
    await page.waitForURL('**/subscription?plan=The+Space+Pass&period=yearly');
    expect(await storedPlan(page)).toBeNull();
  });
});

// Every sign-up link carries its tab in the address (lib/sign-up-link), so one clicked
// before the page hydrates, or without scripts, still opens Sign Up.
describe('sign-up links before JavaScript', () => {
  it('open the Sign Up tab of /auth, which cleans the address', async () => {
    const { page: withoutScript } = await browser.newPage(1280, 900, { javaScriptEnabled: false });
    await withoutScript.goto('/how-it-works');
    await withoutScript.getByRole('link', { name: 'Join Free Beta Test Now' }).click();
    await withoutScript.waitForURL('**/auth?tab=signup');

    const { page } = await browser.newPage();
    await page.goto('/auth?tab=signup');
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    await expect.poll(() => search(page)).toBe('');
    await page.getByLabel('Full Name').waitFor();
  });
});
