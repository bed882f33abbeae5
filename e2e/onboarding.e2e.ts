import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { onboardingGreeting } from '@app/shared';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import {
  allowClipboard,
  confirmByMail,
  greetingAsLinked,
  readClipboard,
  signUpAndConfirm,
} from './support/member-session';
import { dismissToasts, toast } from './support/toasts';
import { holdRequests } from './support/held-requests';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const storedPlan = (page: Page) => page.evaluate(() => localStorage.getItem('selectedPricingPlan'));

/**
 * A new member in this tab, on onboarding's first step: signed up through the
 * API (the sign-up form has its own tests) and confirmed by following the
 * mail's link here, as onboarding is reached.
 */
const signUp = (page: Page) => signUpAndConfirm(page, 'Olive Onboard');

/** The pricing page's button for each plan it offers. */
const PRICING_BUTTONS: Record<string, string> = {
  'Free Beta Access': 'Join Free Beta',
  'The Space Pass': 'Choose The Space Pass',
};

/** Chooses a plan with the real /pricing button, which stores it and opens sign-up. */
async function choosePlanOnPricing(page: Page, plan: string) {
  await page.goto('/pricing');
  // Pre-rendered: its buttons act once React has taken the page over.
  await waitForHydration(page);
  await page.getByRole('button', { name: PRICING_BUTTONS[plan], exact: true }).click();
  await page.waitForURL('**/auth');
  expect(await storedPlan(page)).toBe(plan);
}

/** The greeting prefilled in the quick-connect link. */
async function quickConnectGreeting(page: Page) {
  const link = page.getByRole('link', { name: /Try Quick Connect/ });
  const href = (await link.getAttribute('href'))!;
  expect(new URL(href).hostname).toBe('wa.me');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  return new URL(href).searchParams.get('text');
}

async function profilePlan(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/api/me/profile', { credentials: 'include' });
    return ((await res.json()) as { pricing_plan: string }).pricing_plan;
  });
}

/** Opens /onboarding-complete with react-router's history state ({ usr: state }), as in-app navigation leaves it. */
async function openCompleteWithState(page: Page, state: unknown) {
  await page.goto('/onboarding-complete');
  await page.evaluate((usr) => window.history.replaceState({ usr, key: 'e2e', idx: 0 }, ''), state);
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome to your space' }).waitFor();
}

describe('onboarding', () => {
  it('starts on the plan chosen on /pricing, steps with Next and Back, saves the plan and then forgets the key', async () => {
    const { page } = await browser.newPage();
    await choosePlanOnPricing(page, 'Free Beta Access');
    await signUp(page);
    // Kept until Complete Setup succeeds (decision 033): a reload still starts on it.
    expect(await storedPlan(page)).toBe('Free Beta Access');

    const progress = page.getByRole('progressbar', { name: 'Setup progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('50');
    await page.getByRole('heading', { name: 'Welcome to Calm Space, Olive' }).waitFor();
    for (const benefit of ['Your Safe Refuge', 'Mental Recalibration', 'Instant Availability']) {
      await page.getByRole('heading', { name: benefit }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Complete Setup' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('2 of 2').waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    expect(await radio(page, 'Free Beta Access').getAttribute('aria-checked')).toBe('true');
    expect(await radio(page, 'The Space Pass').getAttribute('aria-checked')).toBe('false');
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByText('1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // The choice survives going back and forth.
    expect(await radio(page, 'Free Beta Access').getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    await page.getByText("You're all set with Free Beta Access").waitFor();
    expect(await storedPlan(page)).toBeNull();
    expect(await quickConnectGreeting(page)).toEqual(greetingAsLinked(onboardingGreeting('Free Beta Access')));
    expect(await profilePlan(page)).toBe('Free Beta Access');

    // A reload keeps the plan: it lives in the history entry's state.
    await page.reload();
    expect(await quickConnectGreeting(page)).toEqual(greetingAsLinked(onboardingGreeting('Free Beta Access')));
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('defaults to Base Camp and ignores a stored name that is not a plan', async () => {
    const { page } = await browser.newPage(375);
    // A stale or hand-edited value: no button on /pricing stores one, so it is set directly.
    await page.goto('/pricing');
    await page.evaluate(() => localStorage.setItem('selectedPricingPlan', 'Platinum Forever'));
    await signUp(page);
    await page.getByRole('button', { name: 'Next' }).click();
    const plans = page.getByRole('radiogroup', { name: 'Plans' });
    expect(await plans.getByRole('radio', { checked: true }).count()).toBe(0);
    await page.getByText("you'll start on Base Camp").waitFor();

    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    expect(await quickConnectGreeting(page)).toEqual(greetingAsLinked(onboardingGreeting('Base Camp')));
    expect(await profilePlan(page)).toBe('Base Camp');
  });

  it('selects plans with the keyboard, and carries a paid choice on without putting it on the profile', async () => {
    const { page } = await browser.newPage(768);
    await signUp(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByText('Billed yearly at £57.50').waitFor();
    await page.getByText('£4.79').waitFor();
    await page.keyboard.press('Tab'); // from the Yearly radio into the group, at the first card
    await page.keyboard.press('ArrowRight');
    expect(await radio(page, 'The Space Pass').getAttribute('aria-checked')).toBe('true');
    expect(await radio(page, 'The Space Pass').evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    await page.getByText('The Space Pass starts with your subscription').waitFor();
    expect(await quickConnectGreeting(page)).toEqual(greetingAsLinked(onboardingGreeting('The Space Pass')));
    expect(await profilePlan(page)).toBe('Base Camp');
  });

  it('shows Setup Error when saving fails, keeps the choice, and succeeds on retry', async () => {
    const { page } = await browser.newPage();
    await signUp(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await radio(page, 'Free Beta Access').click();

    await page.route('**/api/me/profile', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await toast(page, 'Setup Error').waitFor();
    await toast(page, 'Failed to save preferences. Please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    await page.getByText('2 of 2').waitFor();
    expect(await radio(page, 'Free Beta Access').getAttribute('aria-checked')).toBe('true');
    expect(await profilePlan(page)).toBe('Base Camp');

    await page.unroute('**/api/me/profile');
    // The error toast appeared under the pointer, over the button: hovered, it would never leave.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    expect(await profilePlan(page)).toBe('Free Beta Access');
  });

  it('takes a member who confirms the email before onboarding to /onboarding, with the /pricing choice kept', async () => {
    const { page } = await browser.newPage(1366, 768);
    await choosePlanOnPricing(page, 'The Space Pass');
    // /auth says which plan the newcomer is joining with.
    await page.getByText("You're joining with The Space Pass").waitFor();
    const email = uniqueEmail('pricing');
    await page.getByLabel('Full Name').fill('Pia Pricing');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('calm-river-42');
    await page.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Check your email to continue').waitFor();

    // The mail is opened before any onboarding happened: the link leads there, not to the dashboard.
    await confirmByMail(page, email);
    await page.getByText('1 of 2').waitFor();
    // A reload (or a lost tab) does not lose the choice made on /pricing.
    await page.reload();
    await page.getByText('1 of 2').waitFor();
    expect(await storedPlan(page)).toBe('The Space Pass');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await radio(page, 'The Space Pass').getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    expect(await storedPlan(page)).toBeNull();
  });

  it('sends a signed-in member who chooses the free plan on /pricing to the plan card of the profile', async () => {
    const { page } = await browser.newPage();
    await signUp(page);
    await page.goto('/pricing');
    await waitForHydration(page);
    // Two cards above the plan's read late, as on a slow network: they grow once their answers land.
    const lateReads = [
      await holdRequests(page, '**/api/me/programme', 'GET'),
      await holdRequests(page, '**/api/me/coach/memory', 'GET'),
    ];
    await page.getByRole('button', { name: 'Join Free Beta', exact: true }).click();
    await page.waitForURL('**/profile#plan');
    const card = page.locator('#plan');
    await card.waitFor();
    // Scrolled to, so the plan switch is in view, and still in view once the cards above have grown.
    const planInView = () =>
      page.waitForFunction(() => {
        const box = document.getElementById('plan')!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      });
    await planInView();
    await Promise.all(lateReads.map((reads) => reads.arrived));
    await Promise.all(lateReads.map((reads) => reads.release()));
    await page.getByRole('heading', { name: 'It also reads, each time it answers' }).waitFor();
    await page.getByLabel('Loading your check-ins and reminders').waitFor({ state: 'detached' });
    await planInView();
    expect(await storedPlan(page)).toBeNull();
  });

  it('sends a signed-out visitor to /auth, leaving the plan chosen on /pricing in place', async () => {
    const { page } = await browser.newPage();
    await choosePlanOnPricing(page, 'The Space Pass');
    await page.goto('/onboarding');
    await page.waitForURL('**/auth');
    expect(await storedPlan(page)).toBe('The Space Pass');
  });
});

describe('onboarding complete', () => {
  it.each([
    ['30-Day Free Access', { plan: '30-Day Free Access' }],
    ['The Relief Plan', { plan: 'The Relief Plan' }],
    ['Base Camp', null],
    ['Base Camp', { plan: 'Not A Real Plan' }],
  ])('prefills the %s greeting for state %j', async (plan, state) => {
    const { page } = await browser.newPage();
    await openCompleteWithState(page, state);
    await page.getByText(plan, { exact: true }).first().waitFor();
    expect(await quickConnectGreeting(page)).toEqual(greetingAsLinked(onboardingGreeting(plan)));
  });

  it('copies the chat link to the clipboard and says so', async () => {
    const { context, page } = await browser.newPage(375);
    await allowClipboard(context);
    await openCompleteWithState(page, { plan: 'The Relief Plan' });
    const href = await page.getByRole('link', { name: /Try Quick Connect/ }).getAttribute('href');
    await page.getByRole('button', { name: 'Copy chat link' }).click();
    await toast(page, 'URL copied!').waitFor();
    await toast(page, 'The chat link copied to clipboard; paste it into a fresh browser tab.').waitFor();
    expect(await readClipboard(page)).toBe(href);
  });

  it('says Copy failed when the clipboard refuses', async () => {
    const { page } = await browser.newPage();
    await openCompleteWithState(page, null);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
      });
    });
    await page.getByRole('button', { name: 'Copy chat link' }).click();
    await toast(page, 'Copy failed').waitFor();
    await toast(page, 'Unable to copy URL. Please try again.').waitFor();
  });
});
