import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPageDto, CoachSettingsDto } from '@app/shared';
import { uniqueEmail, useBrowser } from './support/browser';
import { coachChat, inboxEntry, openInbox } from './support/chat';
import { ADMIN_EMAIL } from './support/constants';
import { apiSession, ensureAdminAccount, seedSubscription, signIn, signUpByApi } from './support/member-session';

/**
 * The AI coach end to end (issue 26, decision 057), against the worker's real
 * server and the local fake language model every e2e server talks to: a
 * member is answered by the AI, labelled as such; a member in crisis gets the
 * fixed help at once and never a model-written answer, and the inbox shows
 * the conversation urgent; a coach who takes over is never talked over.
 *
 * The e2e servers start with the AI off (global-setup.ts); this file turns it
 * on for its own run (files on one worker run one after another).
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;
let admin: Awaited<ReturnType<typeof apiSession>>;

beforeAll(async () => {
  await ensureAdminAccount();
  admin = await apiSession(ADMIN_EMAIL);
  await admin<CoachSettingsDto>('PUT', '/api/admin/coach/settings', { mode: 'automatic' });
});
afterAll(async () => {
  await admin?.<CoachSettingsDto>('PUT', '/api/admin/coach/settings', { mode: 'off' });
});

/** A subscribed member on their dashboard, with the coach chat. */
async function memberOnDashboard(label: string, width = 1280) {
  const email = uniqueEmail(label.toLowerCase().replace(/\W+/g, '-'));
  const name = `${label} ${run}`;
  await signUpByApi(email, name);
  await seedSubscription(email, 'starter', new Date(Date.now() + 30 * 86_400_000));
  const { page } = await signIn(browser, email, width);
  const chat = coachChat(page);
  await chat.log.waitFor();
  return { email, name, page, chat, api: await apiSession(email) };
}

describe('the AI coach', () => {
  it('answers a member live, labelled as the AI coach', async () => {
    const { page, chat } = await memberOnDashboard('Riley Review', 375);
    await page.getByText('Your AI coach will answer in a few seconds.').waitFor();
    await chat.box.fill('My performance review is on Friday and I cannot stop thinking about it.');
    await chat.box.press('Enter');
    // The answer arrives live, from the model, under the AI coach's label.
    const answer = chat.log.getByRole('listitem').filter({ hasText: 'AI coach' }).last();
    await answer.waitFor();
    expect(await answer.innerText()).toMatch(/AI coach/);
    expect(await answer.innerText()).toMatch(/not a person|an AI/i);
  });

  it('meets a crisis with the fixed help at once, never a model answer, and the inbox shows it urgent', async () => {
    const { name, chat, api } = await memberOnDashboard('Casey Crisis');
    const words = 'I want to kill myself tonight.';
    await chat.box.fill(words);
    await chat.box.press('Enter');
    await chat.log.getByText('Are you safe right now?').waitFor();
    await chat.log.getByText(/Samaritans: call 116 123/).waitFor();
    await chat.log.getByText(/text SHOUT to 85258/).waitFor();

    // "I'm fine" does not end it: still no model-written message, still the person's line.
    await chat.box.fill("I'm fine, really.");
    await chat.box.press('Enter');
    await chat.log.getByText("I'm fine, really.").waitFor();
    const page = await api<ChatPageDto>('GET', '/api/me/messages');
    const after = page.messages.slice(page.messages.findIndex((m) => m.message === words));
    expect(after.filter((m) => m.origin === 'model')).toEqual([]);
    expect(after.some((m) => m.origin === 'safety')).toBe(true);

    const { page: inbox } = await openInbox(browser);
    const entry = inboxEntry(inbox, name);
    await entry.getByText('Urgent').waitFor();
    // Listed first: a conversation in crisis comes before every other.
    const first = inbox.getByRole('list', { name: 'Conversations' }).getByRole('button').first();
    expect(await first.innerText()).toContain(name);
  });

  it('stays silent once a coach takes over', async () => {
    const { name, chat } = await memberOnDashboard('Taylor Takeover');
    await chat.box.fill('Can we talk about my manager?');
    await chat.box.press('Enter');
    await chat.log.getByRole('listitem').filter({ hasText: 'AI coach' }).first().waitFor();

    const { page: inbox } = await openInbox(browser);
    await inboxEntry(inbox, name).click();
    await inbox.waitForURL(/\?conversation=/);
    const reply = `This is Ada, a person from the team. Tell me more. (${run})`;
    const box = inbox.getByRole('textbox', { name: /message/i }).last();
    await box.fill(reply);
    await box.press('Enter');
    await chat.log.getByText(reply).waitFor();
    // The reply paused the AI: the pane and the member both say a person answers now.
    await inbox.getByRole('button', { name: 'Resume AI' }).waitFor();
    await chat.log.page().getByText('A person from the team will reply, usually within one working day.').waitFor();

    // The member writes, then asks for a person: the coach handles one message at a time, in order, so
    // once the hand-over note is there the message before it was screened and left for the coach.
    const aiBefore = await chat.log.getByRole('listitem').filter({ hasText: 'AI coach' }).count();
    await chat.box.fill('He keeps moving my deadlines.');
    await chat.box.press('Enter');
    // The box sends one message at a time (Enter waits while one is sending): the next once this one is stored.
    await chat.log
      .getByRole('listitem')
      .filter({ hasText: 'He keeps moving my deadlines.' })
      .getByText(/• (Sent|Read)/)
      .waitFor();
    await chat.box.fill('HELP');
    await chat.box.press('Enter');
    await chat.log.getByText(/team will reply here/).waitFor();
    const aiMessages = chat.log.getByRole('listitem').filter({ hasText: 'AI coach' });
    // Only the hand-over note (a fixed text, labelled as the AI coach's) came after: no answer to the deadlines.
    expect(await aiMessages.count()).toBe(aiBefore + 1);
    expect(await aiMessages.last().innerText()).not.toMatch(/deadline/i);
  });
});
