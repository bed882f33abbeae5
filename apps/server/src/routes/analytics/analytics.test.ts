import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACTIVITY_WINDOW_DAYS } from '@app/shared';
import { checkins, profiles, strategicPrompts, userReflections } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { profileAnalyticsOf } from './profile-analytics';
import { insertMessages, type TestMessage } from '../../test-support/messages';

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;
async function newMember(credits?: number): Promise<{ client: TestClient; id: string }> {
  const client = server.client();
  const id = (await client.signUp(`analytics-${++counter}@example.com`)).body.user.id;
  if (credits !== undefined) await server.database.db.update(profiles).set({ credits }).where(eq(profiles.id, id));
  return { client, id };
}
/** A time on the UTC day `daysAgo` before `now`, at the given UTC hour. */
const onDay = (now: Date, daysAgo: number, hour = 12, minute = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour, minute));
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const reflect = (userId: string, createdAt: Date, text = 'note', strategicPromptId: string | null = null) =>
  server.database.db.insert(userReflections).values({ userId, createdAt, reflectionText: text, strategicPromptId });
const message = (senderId: string, createdAt: Date, extra: Partial<TestMessage> = {}) =>
  insertMessages(server.database.db, { senderId, createdAt, message: 'hello', ...extra });

describe('GET /api/me/analytics', () => {
  it('needs a session', async () => {
    expect((await answer(server.client().api.me.analytics.$get())).status).toBe(401);
  });

  it('computes every figure from the member’s own rows only', async () => {
    const now = new Date();
    const { client, id } = await newMember(9);
    const other = await newMember(20);
    const coach = await newMember();
    const [prompt] = await server.database.db.select().from(strategicPrompts).limit(1);

    // Reflections: today ×2, yesterday, 2 days ago, 10 days ago, 40 days ago.
    await reflect(id, onDay(now, 0, 0, 5), 'today early', prompt!.id);
    await reflect(id, onDay(now, 0, 0, 6), 'today later');
    await reflect(id, onDay(now, 1), 'yesterday');
    await reflect(id, onDay(now, 2), 'two days ago');
    await reflect(id, onDay(now, 10), 'ten days ago');
    await reflect(id, onDay(now, 40), 'forty days ago');
    // Own messages: today, 3 days ago ×2. Coach replies (not counted): today, 5 and 20 days ago.
    await message(id, onDay(now, 0, 0, 1), { message: 'mine today' });
    await message(id, onDay(now, 3, 9), { message: 'mine 3 days ago, 9h' });
    await message(id, onDay(now, 3, 8), { message: 'mine 3 days ago, 8h' });
    await message(coach.id, onDay(now, 0, 0, 2), { recipientId: id, isAdminMessage: true, message: 'coach today' });
    await message(coach.id, onDay(now, 5), { recipientId: id, isAdminMessage: true, message: 'coach 5 days ago' });
    await message(coach.id, onDay(now, 20), { recipientId: id, isAdminMessage: true, message: 'coach 20 days ago' });
    // Someone else's activity on days the member has none, and on the same days.
    await reflect(other.id, onDay(now, 4), 'not mine');
    await reflect(other.id, onDay(now, 0), 'not mine either');
    await message(other.id, onDay(now, 4), { message: 'their message' });
    await message(coach.id, onDay(now, 0), { recipientId: other.id, isAdminMessage: true, message: 'to them' });

    const res = await answer(client.api.me.analytics.$get());
    expect(res.status).toBe(200);
    const a = res.body;
    expect(a.total_reflections).toBe(6);
    expect(a.total_messages).toBe(3);
    expect(a.total_credits).toBe(9);
    expect(a.credits_used).toBe(6);
    expect(a.active_days).toBe(5); // today, yesterday, 2, 3 (messages only) and 10 days ago: any activity, as the streak
    expect(a.streak_days).toBe(4); // today back to 3 days ago; coach replies do not count

    expect(a.activity).toHaveLength(ACTIVITY_WINDOW_DAYS);
    expect(a.activity[0]!.date).toBe(isoDate(onDay(now, ACTIVITY_WINDOW_DAYS - 1)));
    const expected = new Map([
      [0, { reflections: 2, messages: 1, checkins: 0 }],
      [1, { reflections: 1, messages: 0, checkins: 0 }],
      [2, { reflections: 1, messages: 0, checkins: 0 }],
      [3, { reflections: 0, messages: 2, checkins: 0 }],
      [10, { reflections: 1, messages: 0, checkins: 0 }],
    ]);
    a.activity.forEach((day: { date: string; reflections: number; messages: number; checkins: number }, i: number) => {
      const daysAgo = ACTIVITY_WINDOW_DAYS - 1 - i;
      expect(day).toEqual({
        date: isoDate(onDay(now, daysAgo)),
        ...(expected.get(daysAgo) ?? { reflections: 0, messages: 0, checkins: 0 }),
      });
    });

    expect(a.recent_reflections.map((r: { reflection_text: string }) => r.reflection_text)).toEqual([
      'today later',
      'today early',
      'yesterday',
      'two days ago',
      'ten days ago',
    ]);
    expect(a.recent_reflections[1]).toMatchObject({
      strategic_prompt_id: prompt!.id,
      strategic_prompt_title: prompt!.title,
      created_at: onDay(now, 0, 0, 5).toISOString(),
    });
    expect(a.recent_reflections[0]!.strategic_prompt_title).toBeNull();
    expect(
      a.recent_messages.map((m: { message: string; is_admin_message: boolean }) => [m.message, m.is_admin_message]),
    ).toEqual([
      ['coach today', true],
      ['mine today', false],
      ['mine 3 days ago, 9h', false],
      ['mine 3 days ago, 8h', false],
      ['coach 5 days ago', true],
    ]);
    expect(Object.keys(a.recent_messages[0]!).sort()).toEqual(['created_at', 'id', 'is_admin_message', 'message']);

    // The other member sees only theirs, and credits above the baseline use none.
    const theirs = (await answer(other.client.api.me.analytics.$get())).body;
    expect(theirs).toMatchObject({
      total_reflections: 2,
      total_messages: 1,
      total_credits: 20,
      credits_used: 0,
      active_days: 2,
      streak_days: 1,
    });
    expect(theirs.recent_messages.map((m: { message: string }) => m.message)).toEqual(['to them', 'their message']);
  });

  it('takes no member id from the request', async () => {
    const victim = await newMember();
    await reflect(victim.id, new Date());
    const { client } = await newMember();
    // A query the route takes no part of: the raw client sends it anyway.
    const res = await client.get(`/api/me/analytics?user_id=${victim.id}&id=${victim.id}`);
    expect(res.status).toBe(200);
    expect(res.body.total_reflections).toBe(0);
  });
});

describe('profile analytics on a chosen day', () => {
  const now = new Date('2025-03-10T00:30:00Z');
  const figures = (id: string) => profileAnalyticsOf(server.database.db, id, now);

  it('is all zeros for a new member, with an empty 30-day series and 15 credits', async () => {
    const { id } = await newMember();
    const a = await figures(id);
    expect(a).toMatchObject({
      total_reflections: 0,
      total_messages: 0,
      total_credits: 15,
      credits_used: 0,
      streak_days: 0,
      active_days: 0,
      recent_reflections: [],
      recent_messages: [],
    });
    expect(a.activity[0]).toEqual({ date: '2025-02-09', reflections: 0, messages: 0, checkins: 0 });
    expect(a.activity[29]).toEqual({ date: '2025-03-10', reflections: 0, messages: 0, checkins: 0 });
    expect(a.activity.every((d) => d.reflections === 0 && d.messages === 0 && d.checkins === 0)).toBe(true);
  });

  it('counts a check-in answered through the card as the day’s activity, and one answered by a message as that message only', async () => {
    const { id } = await newMember();
    const other = await newMember();
    const checkIn = (userId: string, createdAt: Date, answeredByMessage = false) =>
      server.database.db.insert(checkins).values({ userId, score: 6, createdAt, answeredByMessage });
    await checkIn(id, new Date('2025-03-10T00:10:00Z')); // today, on the card
    await checkIn(id, new Date('2025-03-09T08:00:00Z')); // yesterday, on the card
    await checkIn(id, new Date('2025-03-09T18:00:00Z'));
    // Two days ago: "7" written in the chat is the message and the check-in it answered.
    await message(id, new Date('2025-03-08T09:00:00Z'), { message: '7' });
    await checkIn(id, new Date('2025-03-08T09:00:00Z'), true);
    await checkIn(other.id, new Date('2025-03-07T09:00:00Z')); // someone else's

    const a = await figures(id);
    expect(a.activity.slice(-4)).toEqual([
      { date: '2025-03-07', reflections: 0, messages: 0, checkins: 0 },
      { date: '2025-03-08', reflections: 0, messages: 1, checkins: 0 },
      { date: '2025-03-09', reflections: 0, messages: 0, checkins: 2 },
      { date: '2025-03-10', reflections: 0, messages: 0, checkins: 1 },
    ]);
    expect(a).toMatchObject({ active_days: 3, streak_days: 3, total_messages: 1 });
  });

  it('keeps a streak that ended yesterday while today has nothing yet', async () => {
    const { id } = await newMember();
    await reflect(id, new Date('2025-03-09T23:59:59Z')); // yesterday, UTC, half an hour ago
    await message(id, new Date('2025-03-08T10:00:00Z'));
    await reflect(id, new Date('2025-03-07T10:00:00Z'));
    await reflect(id, new Date('2025-03-05T10:00:00Z')); // after a gap: not part of it
    expect((await figures(id)).streak_days).toBe(3);
    await message(id, new Date('2025-03-10T00:00:00Z')); // today has begun
    expect((await figures(id)).streak_days).toBe(4);
  });

  it('has no streak when the last activity was two days ago', async () => {
    const { id } = await newMember();
    await reflect(id, new Date('2025-03-08T23:00:00Z'));
    await reflect(id, new Date('2025-03-07T23:00:00Z'));
    expect((await figures(id)).streak_days).toBe(0);
  });

  it('ignores coach replies and rows dated after today for the streak', async () => {
    const { id } = await newMember();
    const coach = await newMember();
    await message(coach.id, new Date('2025-03-10T00:10:00Z'), { recipientId: id, isAdminMessage: true });
    await reflect(id, new Date('2025-03-11T08:00:00Z'));
    const a = await figures(id);
    expect(a.streak_days).toBe(0);
    expect(a.active_days).toBe(0);
    expect(a.total_reflections).toBe(1);
  });

  it('counts a streak longer than the window, and active days only inside it', async () => {
    const { id } = await newMember(0);
    for (let i = 0; i < 35; i++) await reflect(id, new Date(now.getTime() - i * DAY_MS));
    await reflect(id, new Date(now.getTime() - 36 * DAY_MS));
    const a = await figures(id);
    expect(a.streak_days).toBe(35);
    expect(a.active_days).toBe(ACTIVITY_WINDOW_DAYS);
    expect(a.total_reflections).toBe(36);
    expect(a.total_credits).toBe(0);
    expect(a.credits_used).toBe(15);
    expect(a.activity.every((d) => d.reflections === 1)).toBe(true);
  });
});
