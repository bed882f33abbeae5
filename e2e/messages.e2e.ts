import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessageDto, ConversationCustomerDto } from '@app/shared';
import { startLocalServer } from '../scripts/local-server.mjs';
import { copyPgliteTemplate } from '../apps/server/src/test-support/database-template';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { coachChat, countIn, inboxEntry, openInbox, signInAt } from './support/chat';
import { ADMIN_EMAIL, PASSWORD } from './support/constants';
import {
  apiSession,
  dismissToasts,
  ensureAdminAccount,
  expectToast,
  openSignedIn,
  seedSubscription,
  signInByApi,
  signUpByApi,
} from './support/member-session';
import { baseUrl } from './support/server';
import { adminCode, enrolAuthenticator } from './support/admin-authenticator';

/**
 * Coach messaging in real time (issue 15): a member and an admin, each in
 * their own browser profile, write to each other through the real server and
 * see each other's messages arrive without reloading.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;

/** A member with a live subscription, so writing to the coach is always allowed. */
async function subscribedMember(label: string, server = baseUrl()) {
  const email = uniqueEmail(label);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Chat ${run}`;
  const id = await signUpByApi(email, name, server);
  await seedSubscription(email, 'starter', new Date(Date.now() + 30 * 86_400_000), server);
  return { email, name, id };
}

/** The member's conversation id (decision 052), opened from their id as the admin screen's member links do. */
async function conversationOf(memberId: string, server = baseUrl()) {
  const admin = await apiSession(ADMIN_EMAIL, server);
  return (await admin<ConversationCustomerDto>('GET', `/api/admin/members/${memberId}/conversation`)).conversation_id;
}

beforeAll(() => ensureAdminAccount());

describe('coach messaging', () => {
  it('delivers both ways live, with the unread badge, the read marker and the unread count in the tab title', async () => {
    const member = await subscribedMember('river');
    const { page: memberPage } = await signInByApi(browser, member.email);
    const { page: adminPage } = await openInbox(browser);
    const chat = coachChat(memberPage);
    await chat.log.waitFor();

    // Shift+Enter adds a line; Enter sends. The line break survives the trip.
    await chat.box.fill('Hello coach,');
    await chat.box.press('Shift+Enter');
    await chat.box.pressSequentially('a rough week.');
    await chat.box.press('Enter');
    await expect.poll(() => chat.box.inputValue()).toBe('');
    const sent = chat.log.getByText('Hello coach, a rough week.');
    await sent.waitFor();
    expect(await sent.evaluate((el) => (el as HTMLElement).innerText)).toBe('Hello coach,\na rough week.');
    await chat.log.getByText('• Sent').waitFor();

    // The admin's list shows it without a reload: last message, unread badge, the count in the tab title.
    const entry = inboxEntry(adminPage, member.name);
    await entry.waitFor();
    await expect.poll(() => entry.innerText()).toContain('a rough week.');
    await expect.poll(() => entry.locator('[data-unread-badge]').innerText()).toMatch(/^1\s*unread$/);
    await expect.poll(() => adminPage.title()).toMatch(/^\(\d+\) Customer Conversations · Admin/);

    // Opening the conversation reads it: the member sees "Read" arrive, and the badge goes.
    await entry.click();
    await adminPage.waitForURL(/\?conversation=/);
    const adminLog = adminPage.getByRole('log', { name: `Conversation with ${member.name}` });
    await adminLog.getByText('Hello coach, a rough week.').waitFor();
    await chat.log.getByText('• Read').waitFor();
    await expect.poll(() => entry.locator('[data-unread-badge]').count()).toBe(0);

    // A second message reaches the open conversation live and, on screen in a visible tab, is read at once
    // (decision 061): the server says so. Sent twice with the same words, it shows twice: the echo is
    // matched to its entry by the client id, never by the text.
    await chat.box.fill('Are you there?');
    await chat.box.press('Enter');
    await adminLog.getByText('Are you there?').waitFor();
    await expect
      .poll(async () => {
        const res = await memberPage.request.get('/api/me/messages');
        const page = (await res.json()) as { messages: ChatMessageDto[] };
        return page.messages.find((m) => m.message === 'Are you there?')?.read_at ?? null;
      })
      .not.toBeNull();
    await expect.poll(() => chat.box.inputValue()).toBe('');
    await chat.box.fill('Are you there?');
    await chat.box.press('Enter');
    await expect.poll(() => countIn(adminLog, 'Are you there?')).toBe(2);
    await expect.poll(() => countIn(chat.log, 'Are you there?')).toBe(2);
    await expect.poll(() => chat.log.getByText('• Sending…').count()).toBe(0);

    // The admin answers; the member sees the reply live, and the list shows 'You: '.
    const reply = adminPage.getByRole('textbox', { name: `Message to ${member.name}` });
    await reply.fill('I am here. Take a slow breath.');
    await reply.press('Enter');
    await chat.log.getByText('I am here. Take a slow breath.').waitFor();
    await expect.poll(() => entry.innerText()).toContain('You: I am here. Take a slow breath.');
    // The member's screen shows the reply, so it is read: the server says so.
    await expect
      .poll(async () => {
        const res = await memberPage.request.get('/api/me/messages');
        const page = (await res.json()) as { messages: ChatMessageDto[] };
        return page.messages.find((m) => m.is_admin_message)?.read_at ?? null;
      })
      .not.toBeNull();
    expect(await countIn(chat.log, 'I am here. Take a slow breath.')).toBe(1);

    // A reload keeps the open conversation.
    await adminPage.reload();
    await adminPage
      .getByRole('log', { name: `Conversation with ${member.name}` })
      .getByText('Are you there?')
      .first()
      .waitFor();

    await dismissToasts(adminPage).catch(() => {});
    await expectNoSeriousViolations(adminPage);
    await expectNoSeriousViolations(memberPage);
  });

  it('pages back through 65 messages, keeping the reading position, each shown once', async () => {
    const member = await subscribedMember('harbour');
    const admin = await apiSession(ADMIN_EMAIL);
    const conversationId = await conversationOf(member.id);
    for (let i = 1; i <= 65; i += 1) {
      await admin('POST', `/api/admin/conversations/${conversationId}/messages`, {
        message: `Seeded note ${String(i).padStart(2, '0')}`,
      });
    }
    const { page } = await openSignedIn(browser, ADMIN_EMAIL, `/admin/messages?member=${member.id}`);
    const log = page.getByRole('log', { name: `Conversation with ${member.name}` });
    await log.getByText('Seeded note 65').waitFor();
    // The newest 30: 36 to 65.
    await expect.poll(() => log.getByRole('listitem').count()).toBe(30);
    expect(await log.getByText('Seeded note 35').count()).toBe(0);

    const topOf = (text: string) =>
      log
        .getByText(text)
        .evaluate((el) => el.getBoundingClientRect().top - el.closest('[role=log]')!.getBoundingClientRect().top);
    // Scroll to the top: the next 30 load above, and note 36 stays where it was on screen.
    await log.evaluate((el) => (el.scrollTop = 0));
    const before = await topOf('Seeded note 36');
    await log.getByText('Seeded note 06').waitFor();
    await expect.poll(() => log.getByRole('listitem').count()).toBe(60);
    expect(Math.abs((await topOf('Seeded note 36')) - before)).toBeLessThan(4);

    await log.evaluate((el) => (el.scrollTop = 0));
    await log.getByText('Seeded note 01').waitFor();
    await expect.poll(() => log.getByRole('listitem').count()).toBe(65);
    for (const n of ['01', '30', '36', '65']) expect(await countIn(log, `Seeded note ${n}`)).toBe(1);
  });

  it("pages back through the member's own conversation on the dashboard, each message once", async () => {
    const member = await subscribedMember('cove');
    const admin = await apiSession(ADMIN_EMAIL);
    const conversationId = await conversationOf(member.id);
    for (let i = 1; i <= 35; i += 1) {
      await admin('POST', `/api/admin/conversations/${conversationId}/messages`, {
        message: `Coach note ${String(i).padStart(2, '0')}`,
      });
    }
    const { page } = await signInByApi(browser, member.email);
    const { log } = coachChat(page);
    await log.getByText('Coach note 35').waitFor();
    // The newest 30 first: 06 to 35.
    await expect.poll(() => log.getByRole('listitem').count()).toBe(30);
    expect(await log.getByText('Coach note 05').count()).toBe(0);

    await log.evaluate((el) => (el.scrollTop = 0));
    await log.getByText('Coach note 01').waitFor();
    await expect.poll(() => log.getByRole('listitem').count()).toBe(35);
    for (const n of ['01', '05', '06', '35']) expect(await countIn(log, `Coach note ${n}`)).toBe(1);
  });

  it('keeps the replies of a coach who left, signed by the coaching team on both screens', async () => {
    const member = await subscribedMember('willow');
    const coachEmail = uniqueEmail('leaving-coach');
    const coachId = await signUpByApi(coachEmail, 'Leaving Coach');
    const admin = await apiSession(ADMIN_EMAIL);
    await admin('POST', `/api/admin/users/${coachId}/roles`, { role: 'admin', code: adminCode() });
    // An admin needs a second factor (decision 047).
    const coach = await apiSession(coachEmail, baseUrl(), await enrolAuthenticator(coachEmail));
    const conversationId = await conversationOf(member.id);
    await coach('POST', `/api/admin/conversations/${conversationId}/messages`, { message: 'A note before I move on' });
    await admin('POST', `/api/admin/conversations/${conversationId}/messages`, { message: 'A note from the team' });
    await coach('DELETE', '/api/me/account', { password: PASSWORD, confirmation: 'DELETE' });

    const bubble = (log: ReturnType<typeof coachChat>['log'], text: string) =>
      log.getByRole('listitem').filter({ hasText: text });
    const { page: memberPage } = await signInAt(browser, baseUrl(), member.email);
    const { log } = coachChat(memberPage);
    await bubble(log, 'A note before I move on').waitFor();
    expect(await bubble(log, 'A note before I move on').innerText()).toContain('Coaching team');
    // A member sees their coach's first name (decision 061).
    expect(await bubble(log, 'A note from the team').innerText()).toMatch(/^Ada\b/);

    const { page: adminPage } = await openSignedIn(browser, ADMIN_EMAIL, `/admin/messages?member=${member.id}`);
    const adminLog = adminPage.getByRole('log', { name: `Conversation with ${member.name}` });
    await bubble(adminLog, 'A note before I move on').waitFor();
    expect(await bubble(adminLog, 'A note before I move on').innerText()).toContain('Coaching team');
    expect(await bubble(adminLog, 'A note from the team').innerText()).toMatch(/^You\b/);
  });

  it('restores the text to the box when a send fails', async () => {
    const member = await subscribedMember('meadow');
    const memberApi = await apiSession(member.email);
    await memberApi('POST', '/api/me/messages', { message: 'Can we talk?' });
    const { page } = await openInbox(browser, baseUrl(), 375);
    // The phone layout: the list first, then the conversation with a way back.
    await inboxEntry(page, member.name).click();
    const log = page.getByRole('log', { name: `Conversation with ${member.name}` });
    await log.getByText('Can we talk?').waitFor();

    await page.route('**/api/admin/conversations/*/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' })
        : route.continue(),
    );
    const box = page.getByRole('textbox', { name: `Message to ${member.name}` });
    await box.fill('Of course, I am listening.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectToast(page, 'Failed to send message');
    await expect.poll(() => box.inputValue()).toBe('Of course, I am listening.');
    expect(await log.getByText('Of course, I am listening.').count()).toBe(0);

    // A blank message is never sent.
    await box.fill('   ');
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'All conversations' }).click();
    await inboxEntry(page, member.name).waitFor();
  });

  // Its own server, started and restarted here: a new database takes a while on a busy machine.
  it('shows every message exactly once after the server restarts mid-conversation', { timeout: 240_000 }, async () => {
    const server = await startLocalServer({
      build: false,
      // A copy of the run's migrated database: a new one would cost initdb and every migration.
      dataDir: copyPgliteTemplate(inject('pgliteTemplate'), 'calm-e2e-restart-'),
      webOutDir: process.env.E2E_WEB_OUT_DIR,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT_MAX: '10000', SIGN_IN_RATE_LIMIT_MAX: '1000' },
    });
    try {
      const url = server.baseUrl;
      await ensureAdminAccount(url);
      const member = await subscribedMember('tide', url);
      const memberApi = await apiSession(member.email, url);
      await memberApi('POST', '/api/me/messages', { message: 'First, before anything.' });
      const { context: memberContext, page: memberPage } = await signInByApi(browser, member.email, 1280, url);
      const { context: adminContext, page: adminPage } = await openSignedIn(
        browser,
        ADMIN_EMAIL,
        `/admin/messages?member=${member.id}`,
        1280,
        url,
      );
      const chat = coachChat(memberPage);
      const adminLog = adminPage.getByRole('log', { name: `Conversation with ${member.name}` });
      await adminLog.getByText('First, before anything.').waitFor();
      await chat.log.getByText('First, before anything.').waitFor();

      const restarted = server.restart();
      await memberPage.getByText('Reconnecting…').waitFor();
      await adminPage.getByText('Reconnecting…').waitFor();
      await restarted;
      // Sent while the pages' sockets are still down: only the catch-up read can bring it.
      const admin = await apiSession(ADMIN_EMAIL, url);
      const conversationId = await conversationOf(member.id, url);
      await admin('POST', `/api/admin/conversations/${conversationId}/messages`, {
        message: 'Sent during the outage.',
      });
      // The browsers lose the network and get it back: each tries at once instead of waiting out
      // its delay (up to 10 s; the delays themselves are the realtime client's unit tests).
      for (const context of [memberContext, adminContext]) {
        await context.setOffline(true);
        await context.setOffline(false);
      }

      await chat.log.getByText('Sent during the outage.').waitFor({ timeout: 30_000 });
      await adminLog.getByText('Sent during the outage.').waitFor({ timeout: 30_000 });
      await memberPage.getByText('Reconnecting…').waitFor({ state: 'detached' });

      // Live again both ways.
      await chat.box.fill('And after the restart.');
      await chat.box.press('Enter');
      await adminLog.getByText('And after the restart.').waitFor();
      for (const text of ['First, before anything.', 'Sent during the outage.', 'And after the restart.']) {
        expect(await countIn(chat.log, text)).toBe(1);
        expect(await countIn(adminLog, text)).toBe(1);
      }
    } finally {
      await server.stop();
    }
  });

  it('lets a demo visitor write to the coach, in the page only', async () => {
    const { page } = await browser.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/dashboard');
    const chat = coachChat(page);
    await chat.log.getByText('No messages yet.', { exact: false }).waitFor();
    await chat.box.fill('Just trying this out <b>bold</b> https://example.com');
    await chat.box.press('Enter');
    const shown = chat.log.getByText('Just trying this out <b>bold</b> https://example.com');
    await shown.waitFor();
    // Text, never markup or a link.
    expect(await chat.log.locator('b, a').count()).toBe(0);
  });
});
