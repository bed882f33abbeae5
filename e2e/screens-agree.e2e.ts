import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { afterRender, latestMailTo, useBrowser, uniqueEmail } from './support/browser';
import { coachChat } from './support/chat';
import { PASSWORD, SIGN_UP_ADMIN_EMAIL } from './support/constants';
import {
  allowClipboard,
  expectToast,
  openSignedIn,
  requestSignUpInBrowser,
  signInByApi,
  signUpAndConfirm,
  signUpByApi,
  toastTexts,
} from './support/member-session';
import { waitForHydration } from './support/hydration';
import { photograph } from './support/screenshots';

const browser = useBrowser();

/** The top of `heading` and the bottom of the page's sticky header, in the viewport. */
async function headingBelowHeader(page: Page, heading: ReturnType<Page['getByRole']>) {
  const top = (await heading.boundingBox())!.y;
  const headerBottom = await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().bottom);
  return { top, headerBottom };
}

describe('screens agree with themselves', () => {
  it('counts a day with only a message as active, as the streak does', async () => {
    const email = uniqueEmail('agree');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);
    const chat = coachChat(page);
    await chat.log.waitFor();
    await chat.box.fill('A hard day, but I am here.');
    await chat.box.press('Enter');
    await chat.log.getByText('A hard day, but I am here.').waitFor();
    // Shown at once while on its way; saved only when it says Sent. A reload before that can drop it.
    await chat.log.getByText('• Sent').waitFor();
    await page.reload();
    const figure = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect.poll(() => figure('Messages').innerText()).not.toBe('0');
    expect(await figure('Streak').innerText()).toBe('1 day');
    expect(await figure('Active days').innerText()).toBe('1 of 30');
  });

  it.each([375, 768, 1280])(
    'shows the onboarding step’s heading below the sticky header when Next or Back moves focus to it (%i px)',
    async (width) => {
      const { page } = await browser.newPage(width, 560);
      await signUpAndConfirm(page, 'Sam Scroll');
      /**
       * Scrolls so that the step's heading sits just under the top edge, behind the sticky
       * header, then presses `button` (focused without scrolling) with the keyboard: the
       * next step's heading is where this one was, so focus alone would leave it hidden.
       */
      const pressWithHeadingHidden = async (button: string, heading: ReturnType<Page['getByRole']>) => {
        await heading.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 8));
        const before = await headingBelowHeader(page, heading);
        expect(before.top).toBeLessThan(before.headerBottom);
        await page.getByRole('button', { name: button }).evaluate((el) => el.focus({ preventScroll: true }));
        await page.keyboard.press('Enter');
      };

      await pressWithHeadingHidden('Next', page.getByRole('heading', { level: 2, name: /^Welcome to Calm Space/ }));
      const second = page.getByRole('heading', { level: 2, name: 'Choose Your Plan' });
      await expect.poll(() => second.evaluate((el) => el === document.activeElement)).toBe(true);
      const shown = await headingBelowHeader(page, second);
      expect(shown.top).toBeGreaterThanOrEqual(shown.headerBottom);
      await photograph(page, `onboarding-step-two-${width}`, page.locator('body'));

      await pressWithHeadingHidden('Back', second);
      const first = page.getByRole('heading', { level: 2, name: /^Welcome to Calm Space/ });
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      const again = await headingBelowHeader(page, first);
      expect(again.top).toBeGreaterThanOrEqual(again.headerBottom);
    },
  );

  it('welcomes a brand-new member, and welcomes back one who has been here before', async () => {
    const { page } = await browser.newPage(375);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Demo Member' }).waitFor();
    // The same demo, started two days ago.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('demoUser')!) as { created_at: string };
      user.created_at = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
      localStorage.setItem('demoUser', JSON.stringify(user));
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Demo Member' }).waitFor();
  });

  it('prices the comparison panel of /pricing for the period chosen, as the plan cards are', async () => {
    const { page } = await browser.newPage(768);
    await page.goto('/pricing');
    await waitForHydration(page);
    const panel = page.locator('section', {
      has: page.getByRole('heading', { name: 'Support that fits your budget' }),
    });
    const ourPrice = panel.locator('dt', { hasText: 'Calm Space' }).locator('xpath=following-sibling::dd[1]');
    const monthly = await ourPrice.innerText();
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await expect.poll(() => ourPrice.innerText()).not.toBe(monthly);
    const card = page.getByRole('article').filter({ hasText: 'The Space Pass' });
    expect(await card.innerText()).toContain(await ourPrice.innerText());
    await panel.getByText('per month, billed yearly').waitFor();
    await photograph(page, 'pricing-comparison-yearly-768', panel);
  });

  it('takes a new coach from the confirmation link to the admin area, never through member onboarding', async () => {
    const { page } = await browser.newPage(375);
    await requestSignUpInBrowser(page, SIGN_UP_ADMIN_EMAIL, 'Cora Coach');
    const mail = await latestMailTo(SIGN_UP_ADMIN_EMAIL, /Confirm your email/);
    await page.goto(mail.links.find((l) => l.includes('type=signup'))!);
    await page.getByText('Email confirmed! Taking you to the admin area...').waitFor();
    await page.waitForURL('**/admin');
    // The admin area starts with its two-step sign-in setup (decision 047).
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    expect(await page.getByText('1 of 2').count()).toBe(0);
    // Onboarding is a member's: someone acting as an admin who opens it is sent to the admin area.
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('says one thing at a time at onboarding-complete: the copy, with the trial it started, in one toast', async () => {
    const { context, page } = await browser.newPage(375);
    await allowClipboard(context);
    await signUpAndConfirm(page, 'Tia Toast');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/onboarding-complete');
    await page.getByRole('heading', { name: 'Welcome to your space' }).waitFor();
    // The heading welcomes: no welcome toast stacked over the header.
    await afterRender(page);
    expect(await toastTexts(page)).toEqual([]);

    await page.getByRole('button', { name: 'Copy chat link' }).click();
    await expectToast(page, 'URL copied!', 'Your free trial conversation has started.');
    await afterRender(page);
    expect(await toastTexts(page)).toHaveLength(1);
    await photograph(page, 'onboarding-complete-one-toast-375');
  });

  it('shows every relative time in one style, the member’s reflections as the chat and the admin area do', async () => {
    const email = uniqueEmail('when');
    await signUpByApi(email, 'Wren When');
    const { page } = await signInByApi(browser, email, 768);
    await page.getByLabel('Your reflection').fill('The walk at lunch helped.');
    await page.getByRole('button', { name: 'Save reflection' }).click();
    const reflections = page.locator('li', { hasText: 'The walk at lunch helped.' });
    const chat = coachChat(page);
    await chat.box.fill('Checking in.');
    await chat.box.press('Enter');
    await chat.log.getByText('Checking in.').waitFor();
    const shown = [reflections.locator('time'), chat.log.locator('time').last()];
    for (const time of shown) {
      await time.waitFor();
      // 'just now', '5m ago', '3h ago', '2d ago': never 'less than a minute ago' beside 'just now'.
      expect(await time.innerText()).toMatch(/^(just now|\d+[mhd] ago)$/);
      // The exact moment is one hover away.
      expect(await time.getAttribute('title')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/);
    }
    await photograph(page, 'dashboard-relative-times-768', reflections);
  });

  it('tells a renewing subscriber before anything is typed that the subscription must be cancelled first, with the way there', async () => {
    const email = uniqueEmail('renewing');
    await signUpByApi(email, 'Rory Renewing');
    // Bought as a member buys it, with the local provider's test card: a subscription that renews.
    const { context, page } = await openSignedIn(browser, email, '/subscription');
    await page.getByRole('radio', { name: /^The Space Pass/ }).click();
    const checkout = await openedBy(
      context,
      () => page.getByRole('button', { name: 'Subscribe' }).click(),
      '/test-checkout/',
    );
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12 / 40');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay £/ }).click();
    await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await checkout.close();
    // Back on its tab, the page checks the subscription again when the window regains focus.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText(/^Next billing date:/).waitFor();

    await page.goto('/profile');
    const yourAccount = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Your account' }),
    });
    const notice = page.getByText(/^Your subscription renews on .+\. Please cancel it on the Subscription page first/);
    await notice.waitFor();
    const deleteButton = page.getByRole('button', { name: 'Delete my account' });
    expect(await deleteButton.isDisabled()).toBe(true);
    expect(await deleteButton.getAttribute('aria-describedby')).toBeTruthy();
    await photograph(page, 'profile-delete-refused-1280', yourAccount);

    await page.getByRole('link', { name: 'Go to the Subscription page' }).click();
    await page.waitForURL('**/subscription');
    const portal = await openedBy(
      context,
      () => page.getByRole('button', { name: 'Manage Subscription' }).click(),
      '/test-portal',
    );
    await portal.getByRole('button', { name: 'Cancel subscription' }).click();
    await portal.getByText(/Your subscription ends on/).waitFor();

    // Cancelled at the end of its period: nothing stops the deletion, and it goes through.
    await page.bringToFront();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Delete account', exact: true }).waitFor();
    await expect.poll(() => deleteButton.isDisabled()).toBe(false);
    expect(await notice.count()).toBe(0);
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Your account has been deleted' }).waitFor();
  });
});

/** The tab a click opens (checkout, the customer portal), once it has left about:blank. */
async function openedBy(context: BrowserContext, click: () => Promise<void>, path: string): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForURL(`**${path}**`);
  return tab;
}
