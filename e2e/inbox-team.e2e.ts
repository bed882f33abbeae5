import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationCustomerDto } from '@app/shared';
import type { Page } from 'playwright-core';
import { totpCode } from '../apps/server/src/test-support/totp';
import { expectNoSeriousViolations } from './support/axe';
import { uniqueEmail, useBrowser } from './support/browser';
import { inboxEntry, openInbox } from './support/chat';
import { ADMIN_EMAIL, PASSWORD } from './support/constants';
import { adminCode, enrolAuthenticator } from './support/admin-authenticator';
import { apiSession, ensureAdminAccount, seedSubscription, signUpByApi } from './support/member-session';
import { photograph } from './support/screenshots';
import { baseUrl } from './support/server';

/**
 * A coaching team shares the inbox (decision 061): two coaches in their own
 * browsers, a conversation assigned from one to the other, each reply signed
 * with its coach's name, and the reply box on screen on a laptop however long
 * the conversation.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;

beforeAll(() => ensureAdminAccount());

/** A member with a live subscription, who has written to the team. */
async function memberWhoWrote(label: string, text: string) {
  const email = uniqueEmail(label.toLowerCase());
  const name = `${label} Team ${run}`;
  const id = await signUpByApi(email, name);
  await seedSubscription(email, 'starter', new Date(Date.now() + 30 * 86_400_000));
  const member = await apiSession(email);
  await member('POST', '/api/me/messages', { message: text });
  return { email, name, id };
}

/** A second coach: a member made admin by the e2e admin (with their code), with their own authenticator. */
async function secondCoach() {
  const email = uniqueEmail('bea-coach');
  const name = `Bea Coach ${run}`;
  const id = await signUpByApi(email, name);
  const admin = await apiSession(ADMIN_EMAIL);
  await admin('POST', `/api/admin/users/${id}/roles`, { role: 'admin', code: adminCode() });
  const secret = await enrolAuthenticator(email);
  return { email, name, id, secret };
}

/** The coach signed in through the API with their code, on the inbox. */
async function openInboxAs(coach: { email: string; secret: Buffer }, width = 1280) {
  const { context, page } = await browser.newPage(width, 800);
  const server = baseUrl();
  const res = await context.request.post(`${server}/api/auth/sign-in/email`, {
    headers: { origin: server },
    data: { email: coach.email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const verified = await context.request.post(`${server}/api/auth/two-factor/verify-totp`, {
    headers: { origin: server },
    data: { code: totpCode(coach.secret) },
  });
  expect(verified.status()).toBe(200);
  await page.goto('/admin/messages');
  await page.getByRole('heading', { name: 'Customer Conversations' }).waitFor();
  return page;
}

const bubble = (page: Page, memberName: string, text: string) =>
  page
    .getByRole('log', { name: `Conversation with ${memberName}` })
    .getByRole('listitem')
    .filter({ hasText: text });

describe('two coaches share the inbox', () => {
  it('assigns a conversation to the other coach, who finds it under Mine live, and each sees who wrote which reply', async () => {
    const member = await memberWhoWrote('Harper', 'Is anyone there today?');
    const bea = await secondCoach();
    const beaPage = await openInboxAs(bea);
    const show = beaPage.getByRole('group', { name: 'Show conversations' });
    await show.getByRole('button', { name: 'Mine' }).click();
    await beaPage.getByText('No conversations are assigned to you').waitFor();

    // Ada opens the conversation and assigns it to Bea.
    const { page: adaPage } = await openInbox(browser, baseUrl(), 1280);
    await inboxEntry(adaPage, member.name).click();
    await bubble(adaPage, member.name, 'Is anyone there today?').waitFor();
    await adaPage.getByLabel('Assigned to').selectOption({ label: bea.name });
    await inboxEntry(adaPage, member.name)
      .filter({ hasText: `Assigned to ${bea.name}` })
      .waitFor();

    // Bea's Mine list hears of it without a reload.
    await inboxEntry(beaPage, member.name)
      .filter({ hasText: `Assigned to ${bea.name}` })
      .waitFor();
    await expectNoSeriousViolations(beaPage);
    await inboxEntry(beaPage, member.name).click();
    const beaBox = beaPage.getByRole('textbox', { name: `Message to ${member.name}` });
    await beaBox.fill('Yes, Bea here. I have time now.');
    await beaBox.press('Enter');
    await expect.poll(() => bubble(beaPage, member.name, 'Bea here').innerText()).toMatch(/^You\b/);

    // Ada sees Bea's name on Bea's reply, live; her own says "You", and Bea sees Ada's name.
    await bubble(adaPage, member.name, 'Bea here').waitFor();
    expect(await bubble(adaPage, member.name, 'Bea here').innerText()).toContain(bea.name);
    const adaBox = adaPage.getByRole('textbox', { name: `Message to ${member.name}` });
    await adaBox.fill('And Ada is around too.');
    await adaBox.press('Enter');
    await expect.poll(() => bubble(adaPage, member.name, 'Ada is around').innerText()).toMatch(/^You\b/);
    await bubble(beaPage, member.name, 'Ada is around').waitFor();
    expect(await bubble(beaPage, member.name, 'Ada is around').innerText()).toContain('Ada Admin');
    // The list's preview: "You" for one's own latest reply, a colleague's first name for theirs.
    await expect.poll(() => inboxEntry(adaPage, member.name).innerText()).toContain('You: And Ada is around too.');
    await expect.poll(() => inboxEntry(beaPage, member.name).innerText()).toContain('Ada: And Ada is around too.');

    // Unassigned no longer lists it, for either of them.
    await adaPage
      .getByRole('group', { name: 'Show conversations' })
      .getByRole('button', { name: 'Unassigned' })
      .click();
    await expect.poll(() => inboxEntry(adaPage, member.name).count()).toBe(0);
    await photograph(adaPage, 'inbox-team-1280');
    // The view is in the URL: a reload keeps it.
    await adaPage.reload();
    await adaPage
      .getByRole('group', { name: 'Show conversations' })
      .getByRole('button', { name: 'Unassigned', pressed: true })
      .waitFor();
    await expect.poll(() => inboxEntry(adaPage, member.name).count()).toBe(0);
  });

  it('keeps the reply box on screen at 1280x800 with a long conversation, the thread scrolling on its own', async () => {
    const member = await memberWhoWrote('Quinn', 'A long week, a long story.');
    const admin = await apiSession(ADMIN_EMAIL);
    const { conversation_id: conversationId } = await admin<ConversationCustomerDto>(
      'GET',
      `/api/admin/members/${member.id}/conversation`,
    );
    for (let i = 1; i <= 40; i++) {
      await admin('POST', `/api/admin/conversations/${conversationId}/messages`, {
        message: `Reply ${i}: a few lines to fill the screen, as a real conversation would over a month.`,
      });
    }
    const { page } = await openInbox(browser, baseUrl(), 1280);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/messages?conversation=${conversationId}`);
    const log = page.getByRole('log', { name: `Conversation with ${member.name}` });
    await log.getByText('Reply 40:').waitFor();
    const box = page.getByRole('textbox', { name: `Message to ${member.name}` });
    const inView = () =>
      box.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    // The thread scrolls itself: its content is taller than its box.
    expect(await log.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expectNoSeriousViolations(page);
    await photograph(page, 'inbox-long-1280x800');
    for (const width of [375, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await photograph(page, `inbox-long-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/messages');
    await page.getByRole('group', { name: 'Show conversations' }).waitFor();
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await photograph(page, `inbox-list-${width}`);
    }
  });

  it('says a failed list load failed and offers to try again', async () => {
    const { page } = await openInbox(browser, baseUrl(), 1280);
    await page.getByRole('group', { name: 'Show conversations' }).waitFor();
    await page.getByText('Loading conversations...').waitFor({ state: 'detached' });
    let failing = true;
    await page.route('**/api/admin/conversations?*', (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' })
        : route.continue(),
    );
    await page.getByRole('group', { name: 'Show conversations' }).getByRole('button', { name: 'Unassigned' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be' });
    await alert.waitFor();
    await expectNoSeriousViolations(page);
    await photograph(page, 'inbox-failed-1280');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
  });
});
