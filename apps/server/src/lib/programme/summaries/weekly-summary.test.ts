import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scriptedSummaryText, type WeeklySummaryNumbers } from '@app/shared';
import {
  checkins,
  coachUsage,
  memberSteps,
  programmeSettings,
  userReflections,
  weeklySummaries,
} from '../../../db/schema';
import type { AppDeps } from '../../../app-deps';
import { createLogger } from '../../logger';
import { setCoachMode } from '../../coach/coach-settings';
import { createChatCompletionsModel } from '../../coach/model/chat-completions-model';
import { reply, startFakeModel, type FakeModel } from '../../../test-support/fakes/fake-model/fake-model-server';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { statedNumbers } from './stated-numbers';
import { writeSummaryProse, type SummaryProseDeps } from './summary-prose';
import { composeWeeklySummary } from './weekly-summary-message';
import { weeklyNumbers } from './weekly-numbers';

/**
 * Weekly summaries on a real database (decision 058): the numbers equal the
 * member's data in their own local week (time zones and daylight-saving weeks
 * included), the scripted prose says exactly those numbers, the model's prose
 * is used only when it agrees with them and passes the reply check, and a
 * week is summarised once.
 */

let server: TestServer;
let fake: FakeModel;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeModel();
  server = await startTestServer();
});
afterEach(() => fake.service.reset());
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
const logger = createLogger('silent');

/** The composer seam's deps (ProgrammeDeps) are what the summary composer asks for: checked when this file compiles. */
type ProgrammeDepsFit =
  Pick<AppDeps, 'db' | 'config' | 'logger' | 'coachModel'> extends SummaryProseDeps ? true : never;
const programmeDepsFit: ProgrammeDepsFit = true;
void programmeDepsFit;

/** The deps a composer is given; `model: false` is a deployment without a language model. */
function deps(options: { model?: boolean; monthlyTokenBudget?: number } = {}): SummaryProseDeps {
  return {
    db: db(),
    logger,
    coachModel: options.model === false ? null : createChatCompletionsModel(fake.config({ maxRetries: 0 })),
    config: {
      coach: {
        defaultMode: 'automatic',
        model: { timeoutMs: 2000 },
        limits: { monthlyTokenBudget: options.monthlyTokenBudget ?? 1_000_000 },
      },
    },
  };
}

async function newMember(timeZone?: string): Promise<string> {
  const id: string = (await server.client().signUp(`summary-member${++seq}@example.com`)).body.user.id;
  if (timeZone) await db().insert(programmeSettings).values({ userId: id, timeZone });
  return id;
}

const checkIn = (userId: string, at: string, score: number) =>
  db()
    .insert(checkins)
    .values({ userId, score, createdAt: new Date(at) });
const reflect = (userId: string, at: string) =>
  db()
    .insert(userReflections)
    .values({ userId, reflectionText: 'A calmer lunch', createdAt: new Date(at) });
const step = (userId: string, status: 'done' | 'not_done' | 'accepted', thenText: string, resolvedAt?: string) =>
  db()
    .insert(memberSteps)
    .values({
      userId,
      ifText: 'If my calendar fills up',
      thenText,
      status,
      offeredAt: new Date(resolvedAt ? new Date(resolvedAt).getTime() - 86_400_000 : Date.now()),
      resolvedAt: resolvedAt ? new Date(resolvedAt) : null,
    });

const item = (userId: string, periodKey: string) => ({
  deliveryId: crypto.randomUUID(),
  userId,
  kind: 'weekly_summary' as const,
  periodKey,
  dueAt: new Date(),
});

/** A London member's week of 16–22 November 2026, with data either side of it and another member's beside it. */
async function busyWeek(): Promise<string> {
  const id = await newMember();
  const other = await newMember();
  // The week before: 6, 8 and, one minute before local Monday, 7 (average 7).
  await checkIn(id, '2026-11-10T09:00:00Z', 6);
  await checkIn(id, '2026-11-12T09:00:00Z', 8);
  await checkIn(id, '2026-11-15T23:59:00Z', 7);
  // The week: 7, 6, 3, 4, 5 (average 5, easing), Monday to Friday.
  for (const [day, score] of [
    [16, 7],
    [17, 6],
    [18, 3],
    [19, 4],
    [20, 5],
  ] as const) {
    await checkIn(id, `2026-11-${day}T12:00:00Z`, score);
  }
  // Just after the week (local Monday 00:30), and another member's answer inside it.
  await checkIn(id, '2026-11-23T00:30:00Z', 10);
  await checkIn(other, '2026-11-18T12:00:00Z', 10);
  await step(id, 'done', 'go for a walk at lunchtime', '2026-11-18T13:00:00Z');
  await step(id, 'not_done', 'say no to the extra meeting', '2026-11-20T17:00:00Z');
  await step(id, 'done', 'a step resolved the week after', '2026-11-23T01:00:00Z');
  await step(id, 'accepted', 'stand up and stretch before my next call');
  await reflect(id, '2026-11-15T20:00:00Z');
  await reflect(id, '2026-11-17T20:00:00Z');
  await reflect(id, '2026-11-22T23:30:00Z');
  await reflect(other, '2026-11-17T20:00:00Z');
  return id;
}

const BUSY_WEEK: WeeklySummaryNumbers = {
  checkins: 5,
  average_score: 5,
  score_change: -2,
  steps_done: 1,
  steps_not_done: 1,
  reflections_written: 2,
  win: { kind: 'step_done', then_text: 'go for a walk at lunchtime' },
  pattern: { kind: 'easing' },
  next_step: 'stand up and stretch before my next call',
};

describe('the numbers of a week', () => {
  it('equal the member’s data in their local week, and nobody else’s', async () => {
    const id = await busyWeek();
    expect(await weeklyNumbers(db(), id, '2026-11-16', 'Europe/London')).toEqual(BUSY_WEEK);
  });

  it('follow the member’s time zone', async () => {
    const id = await newMember();
    // Sunday 22:00 in New York, Monday 03:00 in London, Monday 12:00 in Tokyo.
    await checkIn(id, '2026-11-16T03:00:00Z', 4);
    const count = async (weekStart: string, zone: string) => (await weeklyNumbers(db(), id, weekStart, zone)).checkins;
    expect(await count('2026-11-09', 'America/New_York')).toBe(1);
    expect(await count('2026-11-16', 'America/New_York')).toBe(0);
    expect(await count('2026-11-16', 'Europe/London')).toBe(1);
    expect(await count('2026-11-16', 'Asia/Tokyo')).toBe(1);
    expect(await count('2026-11-09', 'Asia/Tokyo')).toBe(0);
  });

  it('run from local Monday midnight to the next across a daylight-saving change', async () => {
    const id = await newMember();
    // Autumn (clocks back on Sunday 25 October 2026): the week is 169 hours long.
    await checkIn(id, '2026-10-18T22:30:00Z', 1); // Sunday 23:30 BST: the week before
    await checkIn(id, '2026-10-18T23:30:00Z', 2); // Monday 00:30 BST: in
    await checkIn(id, '2026-10-25T23:30:00Z', 3); // Sunday 23:30 GMT: in
    await checkIn(id, '2026-10-26T00:30:00Z', 4); // Monday 00:30 GMT: the week after
    const autumn = await weeklyNumbers(db(), id, '2026-10-19', 'Europe/London');
    expect([autumn.checkins, autumn.average_score, autumn.score_change]).toEqual([2, 2.5, 1.5]);
    // Spring (clocks forward on Sunday 29 March 2026): 167 hours.
    await checkIn(id, '2026-03-22T23:30:00Z', 9); // Sunday 23:30 GMT: the week before
    await checkIn(id, '2026-03-23T00:30:00Z', 5); // Monday 00:30 GMT: in
    await checkIn(id, '2026-03-29T22:30:00Z', 6); // Sunday 23:30 BST: in
    await checkIn(id, '2026-03-29T23:30:00Z', 7); // Monday 00:30 BST: the week after
    const spring = await weeklyNumbers(db(), id, '2026-03-23', 'Europe/London');
    expect([spring.checkins, spring.average_score, spring.score_change]).toEqual([2, 5.5, -3.5]);
  });

  it('name a pattern only with enough check-ins, and a weekday when one stands out', async () => {
    const id = await newMember();
    await checkIn(id, '2026-11-02T09:00:00Z', 8);
    await checkIn(id, '2026-11-03T09:00:00Z', 2);
    await checkIn(id, '2026-11-04T09:00:00Z', 2);
    const few = await weeklyNumbers(db(), id, '2026-11-02', 'Europe/London');
    expect(few.pattern).toBeNull();
    // Calmest day: Tuesday and Wednesday tie at 2, so no one day is named; checking in is the win.
    expect(few.win).toEqual({ kind: 'checked_in', count: 3 });

    await checkIn(id, '2026-11-05T09:00:00Z', 3);
    await checkIn(id, '2026-11-09T09:00:00Z', 9); // the next week's Monday
    const more = await weeklyNumbers(db(), id, '2026-11-02', 'Europe/London');
    expect(more.pattern).toEqual({ kind: 'easing' });

    const steady = await newMember();
    for (const [day, score] of [
      [2, 3],
      [3, 4],
      [4, 8],
      [5, 4],
      [6, 4],
    ] as const) {
      await checkIn(steady, `2026-11-0${day}T09:00:00Z`, score);
    }
    const wednesday = await weeklyNumbers(db(), steady, '2026-11-02', 'Europe/London');
    expect(wednesday.pattern).toEqual({ kind: 'highest_day', weekday: 3 });
    expect(wednesday.win).toEqual({ kind: 'calmest_day', date: '2026-11-02', weekday: 1 });
  });
});

describe('the scripted prose', () => {
  it('states exactly the computed numbers, never more', () => {
    const text = scriptedSummaryText(BUSY_WEEK);
    expect(statedNumbers(text).sort()).toEqual([1, 1, 2, 2, 5, 5]);
    expect(text).toContain('You checked in 5 times, with an average stress score of 5, 2 lower than the week before.');
    expect(text).toContain('You did 1 step, and 1 step didn’t happen');
    expect(text).toContain('You wrote 2 reflections.');
    expect(text).toContain('One win: you followed through on “go for a walk at lunchtime”.');
    expect(text).toContain('One pattern: your stress eased as the week went on.');
    expect(text).toContain('One next step: “stand up and stretch before my next call”.');
  });

  it('says a harder week and steps not done without blame', () => {
    const harder: WeeklySummaryNumbers = {
      ...BUSY_WEEK,
      score_change: 1.5,
      steps_done: 0,
      steps_not_done: 2,
      win: { kind: 'reflections', count: 2 },
      pattern: { kind: 'rising' },
    };
    const text = scriptedSummaryText(harder);
    expect(statedNumbers(text).sort()).toEqual([1.5, 2, 2, 5, 5]);
    expect(text).toContain('1.5 higher than the week before, so go gently with yourself this week.');
    expect(text).toContain('2 steps didn’t happen, which simply tells us what to make smaller.');
    expect(text).not.toMatch(/\b(fail|failed|should have|missed|only)\b/i);
  });

  it('is kind about a quiet week and suggests a step when none is open', () => {
    const quiet = {
      checkins: 0,
      average_score: null,
      score_change: null,
      steps_done: 0,
      steps_not_done: 0,
      reflections_written: 0,
      win: null,
      pattern: null,
      next_step: null,
    };
    const text = scriptedSummaryText(quiet);
    expect(text).toMatch(/^A quiet week is fine\./);
    expect(text).toContain('One next step: pick one small step for the coming week.');
    expect(statedNumbers(text)).toEqual([]);
  });
});

describe('the model’s prose', () => {
  let userId: string;
  beforeAll(async () => {
    userId = await newMember();
  });
  const agreeing =
    'You checked in 5 times this week and your average stress score was 5, which is 2 lower than the week before. You did 1 step and 1 step did not happen, and you wrote 2 reflections. Your stress eased as the week went on. Next, stand up and stretch before your next call.';

  it('is used when it states only the computed numbers and passes the reply check', async () => {
    fake.nextChat(reply(agreeing));
    const prose = await writeSummaryProse(deps(), BUSY_WEEK, { userId, weekStart: '2026-11-16' });
    expect(prose).toEqual({ text: agreeing, source: 'model' });
    // The model was given the computed numbers, and asked to keep to them.
    const [request] = fake.chatRequests();
    const asked = request!.messages.map((m: { content: string }) => m.content).join('\n');
    expect(asked).toContain('check-ins this week: 5');
    expect(asked).toContain('change against the week before: 2 lower');
  });

  it('is replaced by the scripted prose when it invents a number, in digits or in words', async () => {
    for (const invented of [
      agreeing.replace('checked in 5 times', 'checked in 6 times'),
      agreeing.replace('you wrote 2 reflections', 'you wrote three reflections'),
      `${agreeing} You have 4 days until the weekend.`,
    ]) {
      fake.nextChat(reply(invented));
      const prose = await writeSummaryProse(deps(), BUSY_WEEK, { userId, weekStart: '2026-11-16' });
      expect(prose).toEqual({ text: scriptedSummaryText(BUSY_WEEK), source: 'scripted' });
    }
  });

  it('is replaced when it fails the reply check or is too long', async () => {
    for (const failing of [
      `${agreeing} It sounds like an anxiety disorder.`,
      `${agreeing} ${'Keep going gently. '.repeat(40)}`,
    ]) {
      fake.nextChat(reply(failing));
      const prose = await writeSummaryProse(deps(), BUSY_WEEK, { userId, weekStart: '2026-11-16' });
      expect(prose.source).toBe('scripted');
    }
  });

  it('counts its tokens as the coach’s, and is not asked for over the month’s token budget', async () => {
    const spender = await newMember();
    fake.nextChat(reply(agreeing));
    await writeSummaryProse(deps(), BUSY_WEEK, { userId: spender, weekStart: '2026-11-16' });
    const [usage] = await db().select().from(coachUsage).where(eq(coachUsage.memberId, spender));
    expect(usage).toMatchObject({ replies: 0 });
    expect(usage!.promptTokens + usage!.completionTokens).toBeGreaterThan(0);

    const asked = fake.chatRequests().length;
    const overBudget = deps({ monthlyTokenBudget: usage!.promptTokens + usage!.completionTokens });
    const prose = await writeSummaryProse(overBudget, BUSY_WEEK, { userId: spender, weekStart: '2026-11-23' });
    expect(prose).toEqual({ text: scriptedSummaryText(BUSY_WEEK), source: 'scripted' });
    expect(fake.chatRequests()).toHaveLength(asked);
  });

  it('is not asked for while the coach is switched off, nor without a model', async () => {
    const admin = await newMember();
    const asked = fake.chatRequests().length;
    await setCoachMode(db(), 'off', admin);
    try {
      expect((await writeSummaryProse(deps(), BUSY_WEEK, { userId, weekStart: 'w' })).source).toBe('scripted');
    } finally {
      await setCoachMode(db(), 'automatic', admin);
    }
    expect((await writeSummaryProse(deps({ model: false }), BUSY_WEEK, { userId, weekStart: 'w' })).source).toBe(
      'scripted',
    );
    expect(fake.chatRequests()).toHaveLength(asked);
  });
});

describe('composeWeeklySummary', () => {
  it('keeps one summary per member and week, however often and however concurrently it is called', async () => {
    const id = await busyWeek();
    fake.service.answerAlways(fake.chatRoute, reply('A made-up week of 9 check-ins.'));
    const asked = fake.chatRequests().length;
    const [first, second] = await Promise.all([
      composeWeeklySummary(deps(), item(id, '2026-11-16')),
      composeWeeklySummary(deps(), item(id, '2026-11-16')),
    ]);
    const third = await composeWeeklySummary(deps(), item(id, '2026-11-16'));
    const rows = await db().select().from(weeklySummaries).where(eq(weeklySummaries.userId, id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      numbers: BUSY_WEEK,
      proseSource: 'scripted',
      text: scriptedSummaryText(BUSY_WEEK),
    });
    for (const composed of [first, second, third]) {
      expect(composed).toEqual({
        text: row.text,
        programme: { kind: 'weekly_summary', id: row.id },
        origin: 'scripted',
      });
    }
    // The stored week is answered as it is: the model is not asked again.
    expect(fake.chatRequests().length - asked).toBeLessThanOrEqual(2);
  });

  it('stores the model’s prose when it agrees, in the member’s own time zone', async () => {
    const id = await newMember('America/New_York');
    await checkIn(id, '2026-11-16T03:00:00Z', 4); // Sunday evening in New York
    const text = 'You checked in 1 time this week, with an average stress score of 4. Well done for checking in.';
    fake.nextChat(reply(text));
    const composed = await composeWeeklySummary(deps(), item(id, '2026-11-09'));
    expect(composed).toMatchObject({ text, origin: 'model' });
    const [row] = await db().select().from(weeklySummaries).where(eq(weeklySummaries.userId, id));
    expect(row).toMatchObject({ proseSource: 'model', text, weekStart: '2026-11-09' });
    expect(row!.numbers.checkins).toBe(1);
  });

  it('skips a member with no account left, and a key that is not a Monday', async () => {
    expect(await composeWeeklySummary(deps(), item('no-such-member', '2026-11-16'))).toEqual({ skip: 'no_account' });
    const id = await newMember();
    expect(await composeWeeklySummary(deps(), item(id, '2026-11-17'))).toEqual({ skip: 'not_a_week' });
    expect(await db().select().from(weeklySummaries).where(eq(weeklySummaries.userId, id))).toEqual([]);
  });
});
