import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, uniqueEmail } from './support/browser';
import { coachChat } from './support/chat';
import { signInByApi, signUpAndConfirm, signUpByApi } from './support/member-session';
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

  it('shows the onboarding step’s heading below the sticky header when Next or Back moves focus to it', async () => {
    for (const width of [375, 768, 1280]) {
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
    }
  });
});
