import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_QUESTION, DEFAULT_PROGRAMME_SETTINGS, type ProgrammeSettingsDto } from '@app/shared';
import { chatMessages, conversations, outbox, programmeDeliveries, programmeSettings } from '../../db/schema';
import { CRISIS_MESSAGE, HUMAN_HANDOVER_MESSAGE } from '../coach/safety/crisis-message';
import {
  coachMember,
  conversationMessages,
  memberSaysAndWait,
  type CoachTestMember,
} from '../../test-support/coach-conversations';
import { mailRowsTo } from '../../test-support/outbox-rows';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { memberContext } from '../coach/coach-context';
import { memberMemoryTurn } from '../coach/coach-prompt';
import { createSettableClock } from './clock';

/**
 * The programme on a real server (decision 058): settings, the scheduler
 * against a clock the test moves, delivery through the outbox into the
 * member's conversation, check-ins answered by API and in the chat, their
 * screening, the mail nudge's one-click unsubscribe, and who may read what.
 */
const clock = createSettableClock();
let server: TestServer;
let admin: TestClient;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer(
    { ADMIN_EMAILS: 'programme-coach@example.com' },
    { programmeClock: clock, programmeSchedulerOff: true },
  );
  admin = server.client();
  await admin.signUp('programme-coach@example.com');
});
afterAll(() => server?.close());

const checkinsOn = (over: Partial<ProgrammeSettingsDto> = {}): ProgrammeSettingsDto => ({
  ...DEFAULT_PROGRAMME_SETTINGS,
  checkins_enabled: true,
  checkin_time: '09:00',
  checkin_days: [1, 2, 3, 4, 5, 6, 7],
  ...over,
});

async function saveSettings(member: CoachTestMember, settings: ProgrammeSettingsDto) {
  const saved = await answer(member.client.api.me.programme.$put({ json: settings }));
  expect(saved.status).toBe(200);
}

/** The member's due item of this kind and period, once its delivery is done (sent or skipped). */
async function handledItem(userId: string, periodKey: string) {
  return waitFor(async () => {
    const [row] = await db()
      .select()
      .from(programmeDeliveries)
      .where(and(eq(programmeDeliveries.userId, userId), eq(programmeDeliveries.periodKey, periodKey)));
    return row && row.status !== 'queued' ? row : undefined;
  }, `the programme item of ${periodKey}`);
}

const itemsOf = (member: CoachTestMember) =>
  db().select().from(programmeDeliveries).where(eq(programmeDeliveries.userId, member.id));

/**
 * Moves the clock and runs one pass, as the dev clock route does; answers how
 * many items it queued for this member (the pass looks at every member of the file).
 */
async function at(iso: string, member: CoachTestMember) {
  const before = (await itemsOf(member)).length;
  clock.set(new Date(iso));
  await server.runProgrammePass();
  return (await itemsOf(member)).length - before;
}

const stateOf = async (conversationId: string) =>
  (await db().select().from(conversations).where(eq(conversations.id, conversationId)))[0]!.automationState;

describe('settings', () => {
  it('answers the defaults, refuses what does not fit with clear messages, and saves the rest', async () => {
    const member = await coachMember(server);
    expect((await answer(member.client.api.me.programme.$get())).body).toEqual(DEFAULT_PROGRAMME_SETTINGS);
    const bad = await answer(
      member.client.api.me.programme.$put({
        json: { ...checkinsOn(), time_zone: 'Mars/Olympus', checkin_time: '25:00', checkin_days: [] },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fieldErrors: {
        time_zone: ['time_zone must be a time zone such as Europe/London'],
        checkin_time: ['checkin_time must be a time as HH:MM, e.g. 09:00'],
        checkin_days: ['Choose at least one day for check-ins'],
      },
    });
    const good = checkinsOn({ time_zone: 'America/New_York', checkin_days: [5, 1, 3] });
    const saved = await answer(member.client.api.me.programme.$put({ json: good }));
    expect(saved.body).toEqual({ ...good, checkin_days: [1, 3, 5] });
    expect((await answer(member.client.api.me.programme.$get())).body).toEqual({ ...good, checkin_days: [1, 3, 5] });
  });
});

describe('a check-in, from the clock to the coach', () => {
  it('is queued once at the member’s time, posted in the chat, answered by a number, and seen by the coach', async () => {
    const member = await coachMember(server);
    await saveSettings(member, checkinsOn({ time_zone: 'America/New_York', mail_nudges: false }));
    // 08:59 in New York (13:59 UTC in winter): not yet.
    expect(await at('2026-01-14T13:59:00Z', member)).toBe(0);
    expect(await at('2026-01-14T14:00:00Z', member)).toBe(1);
    // Every later pass, here or after a restart, finds the unique key taken.
    expect(await at('2026-01-14T14:01:00Z', member)).toBe(0);
    const item = await handledItem(member.id, '2026-01-14');
    expect(item).toMatchObject({ kind: 'checkin', status: 'sent', dueAt: new Date('2026-01-14T14:00:00Z') });
    const [question] = await db().select().from(chatMessages).where(eq(chatMessages.id, item.messageId!));
    expect(question).toMatchObject({
      message: CHECKIN_QUESTION,
      authorKind: 'automation',
      origin: 'scripted',
      channel: 'web',
      programme: { kind: 'checkin', id: item.id },
    });
    const open = await answer(member.client.api.me.checkins.$get({ query: {} }));
    expect(open.body).toEqual({ checkins: [], open: { delivery_id: item.id, asked_at: item.sentAt!.toISOString() } });

    // A sentence that starts with a number is the member talking, not a score: the check-in stays open.
    await memberSaysAndWait(server, member, '5 things went wrong today');
    expect((await answer(member.client.api.me.checkins.$get({ query: {} }))).body).toMatchObject({
      checkins: [],
      open: { delivery_id: item.id },
    });
    // No thanks for a score: the message is left for the coach (the AI is off in this server).
    expect((await conversationMessages(server, member.conversationId)).at(-1)).toMatchObject({
      author: 'member',
      text: '5 things went wrong today',
    });
    // The member answers in the chat: the number and a note, recorded as this check-in's answer.
    await memberSaysAndWait(server, member, '7 - long day of meetings');
    const after = (await answer(member.client.api.me.checkins.$get({ query: { days: '30' } }))).body as any;
    expect(after.open).toBeNull();
    expect(after.checkins).toMatchObject([{ delivery_id: item.id, score: 7, note: 'long day of meetings' }]);
    // In the member's progress the answer is the message they wrote, not counted a second time as a check-in.
    const today = (await answer(member.client.api.me.analytics.$get())).body.activity.at(-1)!;
    expect(today.checkins).toBe(0);
    expect(today.messages).toBeGreaterThan(0);
    const texts = (await conversationMessages(server, member.conversationId)).map((m) => m.text);
    expect(texts.at(-1)).toMatch(/^Thank you for checking in \(7\/10\)/);

    // Answered: the same check-in again is refused; another member cannot answer it.
    const again = await answer(member.client.api.me.checkins.$post({ json: { score: 3, delivery_id: item.id } }));
    expect(again).toMatchObject({ status: 409, body: { error: 'This check-in has already been answered' } });
    const stranger = await coachMember(server);
    const theirs = await answer(stranger.client.api.me.checkins.$post({ json: { score: 3, delivery_id: item.id } }));
    expect(theirs).toMatchObject({ status: 404, body: { error: 'Check-in not found' } });
    const invalid = await answer(stranger.client.api.me.checkins.$post({ json: { score: 11 } as never }));
    expect(invalid.status).toBe(400);

    // The coach sees it: the admin route, and the AI coach's context (lib/coach/coach-context.ts).
    const forCoach = await answer(
      admin.api.admin.members[':memberId'].checkins.$get({ param: { memberId: member.id }, query: {} }),
    );
    expect(forCoach.status).toBe(200);
    expect(forCoach.body).toMatchObject({
      checkins: [{ score: 7, note: 'long day of meetings' }],
      settings: { checkins_enabled: true, time_zone: 'America/New_York' },
    });
    const context = await memberContext(db(), member.conversationId, member.id, new Date());
    expect(context.checkins).toMatchObject([{ score: 7, note: 'long day of meetings' }]);
    expect(memberMemoryTurn(context)?.content).toContain(
      `My recent check-ins (how stressed, 0-10):\n- ${context.checkins![0]!.at.toISOString().slice(0, 10)}: 7 (long day of meetings)`,
    );
    const refused = await answer(
      stranger.client.api.admin.members[':memberId'].checkins.$get({ param: { memberId: member.id }, query: {} }),
    );
    expect(refused.status).toBe(403);
  });

  it('sends nothing while paused, nor on a day not chosen', async () => {
    const member = await coachMember(server);
    await saveSettings(member, checkinsOn({ paused: true }));
    expect(await at('2026-01-15T09:00:00Z', member)).toBe(0);
    // 17 January 2026 is a Saturday.
    await saveSettings(member, checkinsOn({ checkin_days: [1, 2, 3, 4, 5] }));
    expect(await at('2026-01-17T09:00:00Z', member)).toBe(0);
    expect(await itemsOf(member)).toEqual([]);
  });
});

describe('screening a check-in', () => {
  it('hands the conversation to a person after a sharp rise', async () => {
    const member = await coachMember(server);
    expect((await answer(member.client.api.me.checkins.$post({ json: { score: 2 } }))).status).toBe(201);
    expect(await stateOf(member.conversationId)).toBe('on');
    expect((await answer(member.client.api.me.checkins.$post({ json: { score: 7, note: 'rough' } }))).status).toBe(201);
    expect(await stateOf(member.conversationId)).toBe('handed_to_human');
    const texts = (await conversationMessages(server, member.conversationId)).map((m) => m.text);
    expect(texts).toContain(HUMAN_HANDOVER_MESSAGE);
  });

  it('puts a crisis note into crisis mode with the fixed help, and the programme then sends nothing', async () => {
    const member = await coachMember(server);
    await saveSettings(member, checkinsOn({ mail_nudges: false }));
    const sent = await answer(
      member.client.api.me.checkins.$post({ json: { score: 6, note: 'I want to kill myself' } }),
    );
    expect(sent.status).toBe(201);
    expect(await stateOf(member.conversationId)).toBe('crisis');
    const messages = await conversationMessages(server, member.conversationId);
    expect(messages.map((m) => m.text)).toEqual([CRISIS_MESSAGE]);
    // The next check-in falls due: nothing is posted while the conversation is in crisis.
    expect(await at('2026-01-20T09:00:00Z', member)).toBe(1);
    expect(await handledItem(member.id, '2026-01-20')).toMatchObject({ status: 'skipped', skipReason: 'crisis' });
    expect(await conversationMessages(server, member.conversationId)).toHaveLength(1);
  });
});

describe('the mail nudge', () => {
  it('tells a member without WhatsApp, with a one-click unsubscribe that turns that kind off', async () => {
    const member = await coachMember(server);
    await saveSettings(member, checkinsOn({ time_zone: 'Europe/London' }));
    expect(await at('2026-01-21T09:00:00Z', member)).toBe(1);
    expect(await handledItem(member.id, '2026-01-21')).toMatchObject({ status: 'sent' });
    const email = (await answer(member.client.api.me.profile.$get())).body as { email: string };
    const [mail] = (await mailRowsTo(db(), email.email)).filter((m) => m.subject.startsWith('Something is waiting'));
    expect(mail).toBeDefined();
    const url = /(http:\S+\/api\/programme\/unsubscribe\?token=\S+)/.exec(mail!.text)![1]!;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Opening the link changes nothing (mail scanners open links); the one-click POST does.
    expect((await fetch(url)).status).toBe(200);
    expect(
      (await db().select().from(programmeSettings).where(eq(programmeSettings.userId, member.id)))[0]!.checkinsEnabled,
    ).toBe(true);
    const forged = await fetch(
      url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      { method: 'POST' },
    );
    expect(forged.status).toBe(400);
    const clicked = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const [settings] = await db().select().from(programmeSettings).where(eq(programmeSettings.userId, member.id));
    expect(settings).toMatchObject({ checkinsEnabled: false, mailNudges: true });
    // Nothing else was queued for the member's conversation by the nudge.
    const programmeJobs = await db().select().from(outbox).where(eq(outbox.topic, 'programme'));
    expect(programmeJobs.every((row) => row.status !== 'failed')).toBe(true);
  });
});
