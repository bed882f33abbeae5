import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  chatMessages,
  checkins,
  profiles,
  programmeDeliveries,
  programmeSettings,
  userReflections,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { adminOverviewOf } from './admin-overview.routes';
import { insertMessages } from '../../test-support/messages';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let memberId: string;
let quietId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('admin@example.com', 'calm-river-42', 'Ada Admin')).body.user.id;
  const member = server.client();
  memberId = (await member.signUp('mina@example.com', 'calm-river-42', 'Mina Member')).body.user.id;
  const quiet = server.client();
  quietId = (await quiet.signUp('quiet@example.com', 'calm-river-42', 'Quiet One')).body.user.id;
  const { db } = server.database;
  // Fixed join times, so the merged order does not depend on how long the sign-ups took.
  await db
    .update(profiles)
    .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
    .where(eq(profiles.id, adminId));
  await db
    .update(profiles)
    .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
    .where(eq(profiles.id, memberId));
  // Quiet One joined 10 days ago and has not changed anything since: neither new nor active.
  const tenDaysAgo = new Date(Date.now() - 10 * DAY);
  await db.update(profiles).set({ createdAt: tenDaysAgo, updatedAt: tenDaysAgo }).where(eq(profiles.id, quietId));
  await db.update(profiles).set({ fullName: '  ' }).where(eq(profiles.id, quietId));
  await db.update(profiles).set({ updatedAt: tenDaysAgo }).where(eq(profiles.id, quietId));
  await db.insert(userReflections).values([
    { userId: memberId, reflectionText: 'x'.repeat(60), createdAt: new Date(Date.now() - 60_000) },
    { userId: memberId, reflectionText: 'short one', createdAt: new Date(Date.now() - 2 * DAY) },
  ]);
  await insertMessages(db, [
    { senderId: memberId, message: 'Hello coach', createdAt: new Date(Date.now() - 30_000) },
    { senderId: quietId, message: 'Read already', readAt: new Date(), createdAt: new Date(Date.now() - 3 * DAY) },
    { senderId: adminId, recipientId: memberId, isAdminMessage: true, message: 'Hi Mina' },
  ]);
});
afterAll(() => server.close());

describe('GET /api/admin/overview', () => {
  it('answers the five figures of the overview', async () => {
    const res = await answer(admin.api.admin.overview.$get());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total_users: 3,
      reflections: 2,
      unread_messages: 1, // the coach's reply and the read message do not count
      active_users: 2,
      new_signups: 2,
    });
  });

  it('merges the three sources newest first, with previews and the Unknown User fallback', async () => {
    const { recent_activity } = (await answer(admin.api.admin.overview.$get())).body;
    expect(recent_activity.map((a) => [a.type, a.user_name, a.content, a.link_path])).toEqual([
      ['message', 'Mina Member', 'Hello coach', '/admin/messages'],
      ['reflection', 'Mina Member', `${'x'.repeat(50)}...`, '/admin/users'],
      ['signup', 'Mina Member', 'New user signed up', '/admin/users'],
      ['signup', 'Ada Admin', 'New user signed up', '/admin/users'],
      ['reflection', 'Mina Member', 'short one', '/admin/users'],
      ['message', 'Unknown User', 'Read already', '/admin/messages'],
      ['signup', 'Unknown User', 'New user signed up', '/admin/users'],
    ]);
    const times = recent_activity.map((a) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('cuts the activity at 20 and counts per day over 30 days', async () => {
    const { db } = server.database;
    await db.insert(userReflections).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: memberId,
        reflectionText: `bulk ${i}`,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    const now = new Date();
    const overview = await adminOverviewOf(db, now);
    expect(overview.recent_activity).toHaveLength(20);
    expect(overview.signups_per_day).toHaveLength(30);
    expect(overview.member_messages_per_day).toHaveLength(30);
    // Expected per-day counts from the stored times (a run just after midnight UTC splits them).
    const perDay = (times: Date[]) =>
      times.reduce<Record<string, number>>((acc, t) => {
        const day = t.toISOString().slice(0, 10);
        acc[day] = (acc[day] ?? 0) + 1;
        return acc;
      }, {});
    const nonZero = (days: { date: string; count: number }[]) =>
      Object.fromEntries(days.filter((d) => d.count > 0).map((d) => [d.date, d.count]));
    const joined = await db.select({ t: profiles.createdAt }).from(profiles);
    const sent = await db
      .select({ t: chatMessages.createdAt })
      .from(chatMessages)
      .where(eq(chatMessages.authorKind, 'member'));
    expect(nonZero(overview.signups_per_day)).toEqual(perDay(joined.map((r) => r.t)));
    expect(nonZero(overview.member_messages_per_day)).toEqual(perDay(sent.map((r) => r.t)));
    expect(overview.signups_per_day.at(-1)!.date).toBe(now.toISOString().slice(0, 10));
  });

  it('counts running programmes and the check-ins answered of those asked since Monday (UTC)', async () => {
    const { db } = server.database;
    // A Wednesday: the week began on Monday 23 November at 00:00 UTC.
    const now = new Date('2026-11-25T12:00:00Z');
    const monday = new Date('2026-11-23T00:00:00Z');
    const before = new Date(monday.getTime() - 60_000);
    await db.insert(programmeSettings).values([
      { userId: memberId, checkinsEnabled: true }, // running
      { userId: quietId, summariesEnabled: true, paused: true }, // paused: not running
      { userId: adminId }, // nothing opted into: not running
    ]);
    const checkin = { userId: memberId, kind: 'checkin' as const, dueAt: monday };
    // Only the first two count: sent, a check-in, since Monday.
    const [answered, unanswered, lastWeek] = await db
      .insert(programmeDeliveries)
      .values([
        { ...checkin, periodKey: '2026-11-23', status: 'sent', sentAt: monday },
        { ...checkin, periodKey: '2026-11-24', status: 'sent', sentAt: new Date('2026-11-24T09:00:00Z') },
        { ...checkin, periodKey: '2026-11-22', status: 'sent', dueAt: before, sentAt: before },
        { ...checkin, periodKey: '2026-11-25', status: 'queued' },
        { ...checkin, periodKey: '2026-11-26', status: 'skipped', skipReason: 'paused' },
        { ...checkin, kind: 'step_reminder', periodKey: '2026-11-24', status: 'sent', sentAt: monday },
      ])
      .returning({ id: programmeDeliveries.id });
    await db.insert(checkins).values([
      { userId: memberId, deliveryId: answered!.id, score: 7, note: 'Busy day' },
      { userId: memberId, deliveryId: lastWeek!.id, score: 4 }, // asked last week
      { userId: memberId, deliveryId: null, score: 5 }, // checked in unasked
    ]);

    const overview = await adminOverviewOf(db, now);
    expect(overview).toMatchObject({
      active_programmes: 1,
      checkins_asked_this_week: 2,
      checkins_answered_this_week: 1,
    });

    // Answering the second one completes the week; a new week starts from nothing.
    await db.insert(checkins).values({ userId: memberId, deliveryId: unanswered!.id, score: 3 });
    expect(await adminOverviewOf(db, now)).toMatchObject({
      checkins_asked_this_week: 2,
      checkins_answered_this_week: 2,
    });
    expect(await adminOverviewOf(db, new Date('2026-11-30T00:00:00Z'))).toMatchObject({
      checkins_asked_this_week: 0,
      checkins_answered_this_week: 0,
    });
  });

  it('is for admins only', async () => {
    const member = server.client();
    await member.signIn('mina@example.com');
    expect((await answer(member.api.admin.overview.$get())).status).toBe(403);
    expect((await answer(server.client().api.admin.overview.$get())).status).toBe(401);
  });
});
