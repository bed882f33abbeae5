import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { afterRender, uniqueEmail, useBrowser } from './support/browser';
import { PASSWORD } from './support/constants';
import { baseUrl } from './support/server';
import {
  expectToast,
  openedUrls,
  recordWindowOpen,
  seedSubscription,
  openSignedIn,
  signInByApi,
  signUpByApi,
} from './support/member-session';

const browser = useBrowser();
const DAY = 24 * 60 * 60 * 1000;

/** A member signed in with window.open recorded (answering as a browser that opens, or blocks, windows). */
async function memberWithRecordedOpen(email: string, blocked = false) {
  const { context, page } = await browser.newPage();
  await recordWindowOpen(context, { blocked });
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
  return { context, page };
}

const planCard = (page: Page, name: string) => page.getByRole('radio', { name: new RegExp(name) });
const currentPlanBadge = (page: Page) =>
  page.locator('[data-slot="card-description"]', { hasText: 'Current plan:' }).locator('[data-slot="badge"]');

describe('profile', () => {
  it('shows the banner and the activity counts', async () => {
    const email = uniqueEmail('counts');
    await signUpByApi(email, 'Jordan Still');
    const { page } = await signInByApi(browser, email);
    for (const text of ['First quiet thought', 'Second quiet thought']) {
      const res = await page.request.post('/api/me/reflections', {
        data: { reflection_text: text },
        headers: { origin: baseUrl() },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Jordan Still' }).waitFor();
    const month = new Date().toLocaleString('en-GB', { month: 'long', year: 'numeric' });
    await page.getByText(`Member since ${month}`).waitFor();
    await page.getByText('No focus area selected').waitFor();
    // The control agrees with the banner: nothing chosen yet, rather than the first area as if chosen.
    await page.getByRole('button', { name: 'Focus Area Choose a focus area' }).waitFor();
    const stat = (label: string) =>
      page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: label }) });
    await expect.poll(() => stat('Reflections').innerText()).toContain('2');
    expect(await stat('Reflections').innerText()).toContain('Strategic insights created');
    expect(await stat('Active Days').innerText()).toMatch(/1\s*Days with activity/);
  });

  it('saves focus area, coaching tone and name, and keeps them after a reload', async () => {
    const email = uniqueEmail('prefs');
    await signUpByApi(email, 'Casey Prefs');
    const { page } = await openSignedIn(browser, email, '/profile');

    const focus = page.getByRole('button', { name: /^Focus Area/ });
    await expect.poll(() => focus.isEnabled()).toBe(true);
    await focus.click();
    await page.getByText('Choose your current focus').waitFor();
    await page.getByRole('menuitemradio', { name: /Burnout Recovery/ }).click();
    await expectToast(page, 'Profile Updated');

    const tone = page.getByRole('combobox', { name: 'Coaching Tone' });
    await tone.click();
    await page.getByRole('option', { name: /Straight Talker/ }).click();
    await expectToast(page, 'Profile Updated');
    await page.getByText('Current tone: Clear, honest and to the point').waitFor();

    await page.getByRole('button', { name: 'Edit name' }).click();
    await page.getByLabel('Full name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByLabel('Full name').fill('Casey Renamed');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { level: 1, name: 'Casey Renamed' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Focus Area Burnout Recovery' }).waitFor();
    // The banner badge shows the chosen focus area instead of 'No focus area selected'.
    await page.locator('section').getByText('Burnout Recovery').waitFor();
    await page.getByText('Current tone: Clear, honest and to the point').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Casey Renamed' }).waitFor();

    await page.getByRole('button', { name: 'Focus Area Burnout Recovery' }).click();
    const active = page.getByRole('menuitemradio', { name: /Burnout Recovery/ });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    expect(await active.innerText()).toContain('Active');
  });

  it('asks before an upgrade from Base Camp, then opens the subscription page to pay by card, not a message', async () => {
    const email = uniqueEmail('upgrade');
    await signUpByApi(email);
    const { page } = await memberWithRecordedOpen(email);
    expect(await currentPlanBadge(page).innerText()).toBe('Base Camp');
    // Base Camp is named as a plan, not as "no card chosen" (decision 034).
    await page.getByText('Base Camp is our free starting plan').waitFor();
    expect(await page.getByText(/no card chosen/i).count()).toBe(0);

    await planCard(page, 'The Space Pass').click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to The Space Pass?' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('card payment provider');
    // One promise per dialog: a card payment, not a message as well.
    expect(text).not.toContain('WhatsApp');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await openedUrls(page)).toEqual([]);

    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await planCard(page, 'The Space Pass').click();
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/subscription?plan=The+Space+Pass&period=yearly');
    // The Space Pass is the plan sold (decision 065), chosen and ready for Subscribe.
    await page.getByRole('radio', { name: /^The Space Pass/, checked: true }).waitFor();
    expect(await openedUrls(page)).toEqual([]);
  });

  it('switches straight to a free plan when not subscribed, without a message, and ignores the current plan', async () => {
    const email = uniqueEmail('direct');
    await signUpByApi(email);
    const { page } = await memberWithRecordedOpen(email);

    await planCard(page, 'Free Beta Access').click();
    await expectToast(page, 'Profile Updated');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => currentPlanBadge(page).innerText()).toBe('Free Beta Access');
    expect(await openedUrls(page)).toEqual([]);

    await page.reload();
    await expect.poll(() => currentPlanBadge(page).innerText()).toBe('Free Beta Access');
    await planCard(page, 'Free Beta Access').click();
    await afterRender(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await openedUrls(page)).toEqual([]);
  });

  it('warns with the days left before a subscriber switches to a free plan, and sends them to the portal to cancel', async () => {
    const email = uniqueEmail('downgrade');
    await signUpByApi(email);
    // 10 days and 2 hours: rounded up to 11 whole days.
    const end = new Date(Date.now() + 10 * DAY + 2 * 60 * 60 * 1000);
    await seedSubscription(email, 'space_pass', end);
    const { page } = await memberWithRecordedOpen(email, true);

    await expect.poll(() => currentPlanBadge(page).innerText()).toBe('The Space Pass');
    await page.getByText('Active subscription - manage in customer portal').waitFor();
    await page.getByText('Sanctuary Pass', { exact: true }).waitFor();

    await planCard(page, 'Free Beta Access').click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Free Plan?' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('11 days remaining');
    expect(text).toContain(end.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }));
    expect(text).toContain('subscription will be cancelled');
    expect(text).not.toContain('WhatsApp');
    await dialog.getByRole('button', { name: 'Cancel in customer portal' }).click();

    // The browser blocked the portal's tab: the page offers its link instead. No message was sent.
    await page.getByRole('link', { name: 'Open the customer portal' }).first().waitFor();
    expect((await openedUrls(page)).every((url) => !url.includes('wa.me'))).toBe(true);
    // The subscription still pays until the end date; the member cancels it in the portal.
    await page.reload();
    await expect.poll(() => currentPlanBadge(page).innerText()).toBe('The Space Pass');
  });

  it('shows a member still paying for an earlier tier as holding The Space Pass, with nothing else to change to', async () => {
    const email = uniqueEmail('earlier-tier');
    await signUpByApi(email);
    const end = new Date(Date.now() + 20 * DAY);
    await seedSubscription(email, 'growth', end);
    const { page } = await memberWithRecordedOpen(email);

    // Growth is sold no more: what it pays for is The Space Pass (decision 065), named once.
    await expect.poll(() => currentPlanBadge(page).innerText()).toBe('The Space Pass');
    await planCard(page, 'The Space Pass').and(page.locator('[aria-checked="true"]')).waitFor();
    expect(await page.getByText(/Starter|Growth|Summit/).count()).toBe(0);
    await planCard(page, 'The Space Pass').click();
    await afterRender(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await openedUrls(page)).toEqual([]);
  });
});
