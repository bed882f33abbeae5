import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LocalMail } from '@app/shared';
import { latestMailTo, uniqueEmail, useBrowser } from './support/browser';
import { expectToast, signInByApi, signUpByApi } from './support/member-session';
import { photograph } from './support/screenshots';
import { baseUrl } from './support/server';

/**
 * A member moves from monthly to yearly billing in the customer portal (the
 * local provider's TEST MODE portal, which behaves as Stripe's does): the new
 * price and what is charged today are shown first, nothing changes until the
 * member confirms, and the receipt arrives by mail (decision 066).
 */
const browser = useBrowser();

/** "27 November 2027": how the pages write billing dates. */
const longDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

async function subscribeMonthly(page: Page) {
  await page.goto('/subscription');
  await page.getByRole('radio', { name: /^Monthly/ }).check();
  await page.getByRole('radio', { name: /^The Space Pass/ }).click();
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  await checkout.waitForURL('**/test-checkout/**');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry').fill('12 / 40');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay £/ }).click();
  await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor();
  await checkout.close();
}

/** The newest mail to `to` whose subject matches, with its text, once the local mailbox has it. */
async function mailTo(to: string, subject: RegExp): Promise<LocalMail> {
  await latestMailTo(to, subject);
  const mails = (await (await fetch(`${baseUrl()}/api/dev/mailbox`)).json()) as LocalMail[];
  return mails.find((mail) => mail.to === to && subject.test(mail.subject))!;
}

describe('changing the billing period in the customer portal', () => {
  it('shows the yearly price and what is charged today, changes only on Confirm, and mails the receipt', async () => {
    const email = uniqueEmail('yearly');
    await signUpByApi(email, 'Robin Renewer');
    const { context, page } = await signInByApi(browser, email);
    await subscribeMonthly(page);

    await page.goto('/test-portal');
    await page.getByText('£5.99 per month').waitFor();
    await page.getByRole('button', { name: 'Switch to yearly billing' }).click();

    const review = page.getByRole('region', { name: 'Confirm your change' });
    await review.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm your change');
    const yearOn = new Date();
    yearOn.setFullYear(yearOn.getFullYear() + 1);
    await review.getByText('The Space Pass, yearly: £57.50 per year').waitFor();
    await review.getByText('The Space Pass, monthly: £5.99 per month').waitFor();
    // Paid moments ago: the whole month is unused and set against the year.
    await review.getByText('−£5.99').waitFor();
    const charged = review.locator('div', { has: page.getByText('Charged today', { exact: true }) });
    await charged.getByText('£51.51').waitFor();
    await review.getByText(`Then £57.50 per year, next on ${longDate(yearOn)}.`).waitFor();

    // Looking is free: nothing has changed yet.
    expect(await (await page.request.get('/api/me/subscription')).json()).toMatchObject({ billing_period: 'month' });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await photograph(page, `plan-change-preview-${width}`);
    }

    // Keeping the current plan puts the portal back as it was.
    await review.getByRole('button', { name: 'Keep my current plan' }).click();
    await page.getByRole('button', { name: 'Switch to yearly billing' }).click();
    await review.getByRole('button', { name: 'Confirm change' }).click();
    await expectToast(page, 'Subscription updated', "You're now on The Space Pass, billed yearly.");
    await page.getByText('£57.50 per year').waitFor();
    await page.getByText(`Next billing date: ${longDate(yearOn)}`).waitFor();

    const receipt = await mailTo(email, /plan has changed/);
    expect(receipt.subject).toBe('Your Calm Space plan has changed');
    expect(receipt.text).toContain('from The Space Pass, billed monthly, to The Space Pass, billed yearly');
    expect(receipt.text).toContain('Charged today: £51.51.');
    expect(receipt.text).toContain(`Next payment: £57.50 a year on ${longDate(yearOn)}.`);
    await context.close();
  }, 120_000);
});
