import { describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { uniqueEmail, useBrowser } from './support/browser';
import { holdRequests } from './support/held-requests';
import { waitForHydration } from './support/hydration';
import { photograph } from './support/screenshots';
import { coachChat } from './support/chat';
import { ADMIN_EMAIL } from './support/constants';
import { apiSession, ensureAdminAccount, openSignedIn, signInByApi, signUpByApi } from './support/member-session';

const browser = useBrowser();

/** Reloads the page as a member would, and answers the question the browser asks before it goes. */
async function reloadAsked(page: Page): Promise<Dialog> {
  const asked = page.waitForEvent('dialog');
  await page.evaluate(() => setTimeout(() => window.location.reload()));
  const leave = await asked;
  expect(leave.type()).toBe('beforeunload');
  return leave;
}

describe('nothing a person typed is lost', () => {
  it.each([375, 768, 1280])(
    'keeps a name and email typed on /auth before its scripts arrive, when the chosen plan’s note appears (%i px)',
    async (width) => {
      const { page } = await browser.newPage(width, 900);
      await page.goto('/pricing');
      await waitForHydration(page);
      // A slow connection: /auth's scripts are held on their way until the visitor has typed.
      const scripts = await holdRequests(page, '**/assets/*.js', 'GET');
      await page.getByRole('button', { name: 'Choose The Space Pass', exact: true }).click();
      await page.waitForURL('**/auth?tab=signup', { waitUntil: 'commit' });

      const name = page.getByLabel('Full Name');
      const email = page.getByLabel('Email');
      const address = uniqueEmail('typed-early');
      await name.fill('Tess Early');
      await email.fill(address);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

      await scripts.release();
      await page.getByText("You're joining with The Space Pass").waitFor();
      await waitForHydration(page);
      // The page took its query out of the address, on the same screen.
      await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
      expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
      expect(await name.inputValue()).toBe('Tess Early');
      expect(await email.inputValue()).toBe(address);
      await photograph(page, `auth-typed-early-${width}`);
    },
  );

  it('delivers a chat message that was on its way when the member reloaded', async () => {
    const email = uniqueEmail('chat-reload');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);
    const chat = coachChat(page);
    await chat.log.waitFor();

    // The send is held on its way; the member reloads before the server has it.
    const send = await holdRequests(page, '**/api/me/messages', 'POST');
    await chat.box.fill('Sent on a train, just before the tunnel.');
    await chat.box.press('Enter');
    await send.arrived;
    await page.evaluate(() => window.location.reload());
    await page.waitForEvent('load');
    // The old page is gone; its message reaches the server after all.
    await send.release();
    await page.reload();
    await chat.log.getByText('Sent on a train, just before the tunnel.').waitFor();
    await chat.log.getByText('• Sent').waitFor();
  });

  it('asks before a reload drops a reflection on its way, and delivers it when the member leaves anyway', async () => {
    const email = uniqueEmail('reflection-reload');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);

    const save = await holdRequests(page, '**/api/me/reflections', 'POST');
    await page.getByLabel('Your reflection').fill('Written on the last train home.');
    await page.getByRole('button', { name: 'Save reflection' }).click();
    await save.arrived;
    const leave = await reloadAsked(page);
    // They leave all the same: the old page is gone, and its reflection reaches the server after all.
    const reloaded = page.waitForEvent('load');
    await leave.accept();
    await reloaded;
    await save.release();
    await page.reload();
    await page.getByText('Written on the last train home.').waitFor();
  });

  it('delivers a coach’s reply that was on its way when the coach reloaded', async () => {
    await ensureAdminAccount();
    const email = uniqueEmail('reply-reload');
    const memberId = await signUpByApi(email, 'Reese Reload');
    await (
      await apiSession(email)
    )('POST', '/api/me/messages', { message: 'Is anyone there?' });
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, `/admin/messages?member=${memberId}`);
    const log = page.getByRole('log', { name: 'Conversation with Reese Reload' });
    await log.getByText('Is anyone there?').waitFor();

    const send = await holdRequests(page, '**/api/admin/conversations/*/messages', 'POST');
    const box = page.getByRole('textbox', { name: 'Message to Reese Reload' });
    await box.fill('Yes, I am here. Take your time.');
    await box.press('Enter');
    await send.arrived;
    await page.evaluate(() => window.location.reload());
    await page.waitForEvent('load');
    await send.release();
    await page.reload();
    await log.getByText('Yes, I am here. Take your time.').waitFor();
  });

  it('asks before a reload drops a star rating the server has not saved, and keeps it', async () => {
    const email = uniqueEmail('rating-reload');
    await signUpByApi(email);
    const { page } = await signInByApi(browser, email);
    const status = (text: string) => page.getByText(text, { exact: true });

    // A click saves at once; the save is held on its way, and the member reloads in that moment.
    const save = await holdRequests(page, '**/api/me/prompt-ratings/*', 'PUT');
    await page.getByRole('radio', { name: 'Rate 4 out of 5' }).check();
    await save.arrived;
    const leave = await reloadAsked(page);
    // They stay: the save arrives and only then says so.
    await leave.dismiss();
    await status('Saving your rating: 4 out of 5…').waitFor();
    await save.release();
    await status('Your rating: 4 out of 5').waitFor();
    await page.reload();
    await status('Your rating: 4 out of 5').waitFor();

    // With the keyboard, a star waits a moment before it is saved: leaving then sends it at once.
    await page.getByRole('radio', { name: 'Rate 4 out of 5' }).focus();
    await page.keyboard.press('ArrowLeft');
    await status('3 out of 5, not saved yet').waitFor();
    const saved = page.waitForResponse((res) => res.url().includes('/api/me/prompt-ratings/') && res.ok());
    const askedAgain = page.waitForEvent('dialog');
    await page.evaluate(() => setTimeout(() => window.location.reload()));
    await (await askedAgain).dismiss();
    await saved;
    await status('Your rating: 3 out of 5').waitFor();
    await photograph(page, 'dashboard-rating-saved-1280');
    // Saved: a reload now asks nothing, and the rating is there.
    await page.reload();
    await status('Your rating: 3 out of 5').waitFor();
    expect(await page.getByRole('radio', { name: 'Rate 3 out of 5' }).isChecked()).toBe(true);
  });
});
