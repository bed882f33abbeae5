import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { PASSWORD } from './support/constants';
import { confirmByMail, expectToast, openSignedIn, signInByApi, signUpByApi } from './support/member-session';
import { waitForHydration } from './support/hydration';

/**
 * Subscribing with the local payment provider (no Stripe key): checkout and
 * the customer portal are its TEST MODE pages, opened in new tabs as Stripe's
 * would be, and everything the plan touches follows the subscription.
 */
const browser = useBrowser();

const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

/** "23 November 2027": how the pages write billing dates. */
const longDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const yearFromToday = () => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date;
};

/** The new tab a click opens (checkout, the portal), once it has left about:blank. */
async function tabOpenedBy(context: BrowserContext, click: () => Promise<void>, path: string): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForURL(`**${path}**`);
  return tab;
}

/** Back to the member's first tab, which checks the subscription again when the window regains focus. */
async function returnTo(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

async function payWith(checkout: Page, card: string) {
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry').fill('12 / 40');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay £/ }).click();
}

const statusCard = (page: Page) => page.locator('[data-slot="card"]', { hasText: 'Your Subscription' });

describe('subscribing with the local provider', () => {
  it('buys The Space Pass yearly, survives a declined card, shows it everywhere, switches billing, cancels and resumes in the portal', async () => {
    const email = uniqueEmail('subscriber');
    await signUpByApi(email, 'Sam Subscriber');
    const { context, page } = await openSignedIn(browser, email, '/subscription');
    await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
    await statusCard(page).getByText('Free Trial Available').waitFor();
    await expectNoSeriousViolations(page);

    // Base Camp cannot be bought.
    await page.getByRole('radio', { name: /Base Camp/ }).click();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Invalid Plan', 'Please select a paid subscription plan');

    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByRole('radio', { name: /^The Space Pass/ }).click();
    const checkout = await tabOpenedBy(
      context,
      () => page.getByRole('button', { name: 'Subscribe' }).click(),
      '/test-checkout/',
    );
    await expectToast(page, 'Redirecting to Checkout', 'Opening checkout in a new tab...');

    await checkout.getByText('TEST MODE').waitFor();
    await checkout.getByRole('heading', { name: 'Subscribe to The Space Pass' }).waitFor();
    await checkout.getByText('£57.50 / year').waitFor();
    await expectNoSeriousViolations(checkout);

    await payWith(checkout, DECLINED_CARD);
    await checkout.getByRole('alert').filter({ hasText: 'Your card was declined. Try another card.' }).waitFor();
    await returnTo(page);
    expect(await (await page.request.get('/api/me/subscription')).json()).toMatchObject({ subscribed: false });
    await statusCard(page).getByText('Free Trial Available').waitFor();

    await checkout.bringToFront();
    await payWith(checkout, GOOD_CARD);
    await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor();

    await returnTo(page);
    const nextBilling = longDate(yearFromToday());
    await statusCard(page).locator('[data-slot="badge"]', { hasText: 'The Space Pass' }).waitFor();
    await statusCard(page).getByText(`Next billing date: ${nextBilling}`).waitFor();

    // The dashboard's badge and the profile's plan follow the subscription.
    await page.goto('/dashboard');
    await page.getByText('Sanctuary Pass', { exact: true }).waitFor();
    await page.goto('/profile');
    await page
      .locator('[data-slot="card-description"]', { hasText: 'Current plan:' })
      .locator('[data-slot="badge"]', { hasText: 'The Space Pass' })
      .waitFor();
    await page.getByText('Active subscription - manage in customer portal').waitFor();
    await page
      .getByText(`The Space Pass is paid by your subscription (Sanctuary Pass); it renews on ${nextBilling}.`)
      .waitFor();

    // The portal, from Manage Subscription.
    const portal = await tabOpenedBy(
      context,
      () => page.getByRole('button', { name: 'Manage Subscription' }).click(),
      '/test-portal',
    );
    await expectToast(page, 'Opening Customer Portal', 'Redirecting to manage your subscription...');
    await portal.getByText(`Next billing date: ${nextBilling}`).waitFor();
    await expectNoSeriousViolations(portal);

    // One plan is sold: the portal switches its billing period, never to another tier. A switch shows its
    // price first and happens on Confirm (decision 066).
    await expect.poll(() => portal.getByRole('button', { name: /^Switch to (Starter|Growth|Summit)/ }).count()).toBe(0);
    await portal.getByRole('button', { name: 'Switch to monthly billing' }).click();
    await portal.getByRole('button', { name: 'Confirm change' }).click();
    await portal.getByText('£5.99 per month', { exact: true }).waitFor();
    await portal.getByRole('button', { name: 'Switch to yearly billing' }).click();
    await portal.getByRole('button', { name: 'Confirm change' }).click();
    await portal.getByText('£57.50 per year', { exact: true }).waitFor();
    await portal.getByRole('button', { name: 'Cancel subscription' }).click();
    await portal.getByText(`Your subscription ends on ${nextBilling}`).waitFor();

    await page.goto('/subscription');
    await statusCard(page).locator('[data-slot="badge"]', { hasText: 'The Space Pass' }).waitFor();
    await statusCard(page).getByText(`Your subscription ends on ${nextBilling}`).waitFor();
    // After cancelling, the profile says when it ends, not that it is active.
    await page.goto('/profile');
    await page.getByText(`Cancelled: ends on ${nextBilling} - resume in the customer portal`).waitFor();
    await page
      .getByText(
        `The Space Pass is paid until ${nextBilling}. Your subscription has been cancelled and does not renew.`,
      )
      .waitFor();
    expect(await page.getByText('Active subscription - manage in customer portal').count()).toBe(0);
    await page.goto('/subscription');
    await statusCard(page).getByText(`Your subscription ends on ${nextBilling}`).waitFor();

    await portal.bringToFront();
    await portal.getByRole('button', { name: 'Resume subscription' }).click();
    await portal.getByText(`Next billing date: ${nextBilling}`).waitFor();
    await returnTo(page);
    await statusCard(page).getByText(`Next billing date: ${nextBilling}`).waitFor();
    await context.close();
  }, 180_000);

  it('offers the checkout as a link when the browser blocks the new tab', async () => {
    const email = uniqueEmail('blocked');
    await signUpByApi(email);
    const { context, page } = await signInByApi(browser, email);
    await context.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/subscription?plan=The+Space+Pass');
    await page.getByRole('radio', { name: /^The Space Pass/, checked: true }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const link = page.getByRole('link', { name: 'Open checkout' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/\/test-checkout\/[0-9a-f-]{36}$/);
    await context.close();
  });
});

describe('The Space Pass', () => {
  it('chosen on /pricing before signing up, reaches a working checkout', async () => {
    const { context, page } = await browser.newPage(375);
    await page.goto('/pricing');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Choose The Space Pass', exact: true }).click();
    await page.waitForURL('**/auth');

    const email = uniqueEmail('space-pass');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full Name').fill('Pat Pass');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Check your email to continue').waitFor();
    await confirmByMail(page, email);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /The Space Pass/, checked: true }).waitFor();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    await page.getByRole('link', { name: 'Subscribe to The Space Pass' }).click();
    await page.waitForURL('**/subscription?**');
    // The plan chosen is the plan sold, with the six features /pricing lists (decision 065).
    const chosen = page.getByRole('radio', { name: /^The Space Pass/, checked: true });
    await chosen.waitFor();
    for (const feature of [
      'Unlimited instant-calm conversations',
      'Text and audio coaching in your messaging app',
      'Personalised step tasks and daily check-ins',
      'Weekly progress summaries',
      'Strategic prompts for your focus area',
      'Priority support',
    ]) {
      await chosen.getByText(feature).waitFor();
    }
    expect(await page.getByText(/Starter|Growth|Summit/).count()).toBe(0);

    const checkout = await tabOpenedBy(
      context,
      () => page.getByRole('button', { name: 'Subscribe' }).click(),
      '/test-checkout/',
    );
    await checkout.getByText('£5.99 / month').waitFor();
    await payWith(checkout, GOOD_CARD);
    await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await returnTo(page);
    await statusCard(page).locator('[data-slot="badge"]', { hasText: 'The Space Pass' }).waitFor();
    await context.close();
  });

  it('chosen on /pricing while signed in, opens the subscription page with it chosen', async () => {
    const email = uniqueEmail('space-pass-member');
    await signUpByApi(email);
    const { context, page } = await openSignedIn(browser, email, '/pricing');
    await waitForHydration(page);
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await page.getByRole('button', { name: 'Choose The Space Pass', exact: true }).click();
    await page.waitForURL('**/subscription?**');
    await page.getByRole('radio', { name: /^The Space Pass/, checked: true }).waitFor();
    await page.getByText('Billed yearly at £57.50').first().waitFor();
    await context.close();
  });
});
