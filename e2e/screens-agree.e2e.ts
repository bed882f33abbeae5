import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, uniqueEmail } from './support/browser';
import { coachChat } from './support/chat';
import { signInByApi, signUpAndConfirm, signUpByApi } from './support/member-session';
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
});
