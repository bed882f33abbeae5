import { describe, expect, it } from 'vitest';
import { CHAT_MEMBER_SENDS_PER_MINUTE } from '@app/shared';
import { uniqueEmail, useBrowser } from './support/browser';
import { coachChat } from './support/chat';
import { apiSession, signInByApi, signUpByApi } from './support/member-session';
import { expectToast, toast } from './support/toasts';

/**
 * The member chat's two refusals as a member meets them (features/chat): the
 * rate limit's 429 and the Trial Expired toast. Server tests cover the rules
 * themselves (routes/messages/messages.test.ts).
 */
const browser = useBrowser();

describe('the member chat', () => {
  it(`says "Too many messages" after ${CHAT_MEMBER_SENDS_PER_MINUTE} in a minute, and keeps the text to send again`, async () => {
    const email = uniqueEmail('chat-limit');
    await signUpByApi(email, 'Rory Rapid');
    const api = await apiSession(email);
    // Free Beta Access: sending is not about the trial here.
    await api('PATCH', '/api/me/profile', { pricing_plan: 'Free Beta Access' });
    const { page } = await signInByApi(browser, email);
    const chat = coachChat(page);
    await chat.box.waitFor();

    // The minute's messages, sent from another device just now (the window opens with the first).
    for (let i = 1; i <= CHAT_MEMBER_SENDS_PER_MINUTE; i++)
      await api('POST', '/api/me/messages', { message: `Note ${i}` });
    await chat.log.getByText(`Note ${CHAT_MEMBER_SENDS_PER_MINUTE}`, { exact: true }).waitFor();
    await chat.box.fill('One more thought');
    await chat.box.press('Enter');
    // The server's own words (the screen's fallback is for an answer without any).
    await expectToast(page, 'Too many messages', 'You are sending messages too quickly. Please wait a moment.');
    await expect.poll(() => chat.box.inputValue()).toBe('One more thought');
    expect(await chat.log.getByText('One more thought').count()).toBe(0);
  });

  it('shows Trial Expired with the way on when the one free conversation and its day are used (the demo, after a reload)', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/dashboard');
    const chat = coachChat(page);
    // The first message starts the demo's one free conversation; it lives on this page only.
    await chat.box.fill('Hello from the demo');
    await chat.box.press('Enter');
    // Sent, not just shown: the message appears at once and is saved a moment later.
    await chat.log.getByRole('listitem').filter({ hasText: 'Hello from the demo' }).getByText('• Sent').waitFor();

    // The trial conversation continues for a day, as a member's does: here that day has passed.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('demoUser')!) as { trial_started_at: string };
      user.trial_started_at = new Date(Date.parse(user.trial_started_at) - 25 * 60 * 60 * 1000).toISOString();
      localStorage.setItem('demoUser', JSON.stringify(user));
    });
    await page.reload();
    await chat.box.fill('Starting another conversation');
    await chat.box.press('Enter');
    await expectToast(
      page,
      'Trial Expired',
      "You've used your free trial conversation. Please choose a subscription plan to continue.",
    );
    await expect.poll(() => chat.box.inputValue()).toBe('Starting another conversation');
    // A demo visitor's way on is an account.
    await toast(page, 'Trial Expired').getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
  });
});
