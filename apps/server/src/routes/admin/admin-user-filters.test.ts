import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminUserListQuery } from '@app/shared';
import {
  betaSeats,
  planGrants,
  chatMessages,
  conversations,
  profiles,
  subscriptions,
  userReflections,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

/** The users list's billing view and filters (decision 060): plan, status and last activity. */
let server: TestServer;
let admin: TestClient;
const DAY = 86_400_000;
const ids: Record<string, string> = {};
type Query = Pick<AdminUserListQuery, 'plan' | 'status' | 'activity' | 'q'>;
const list = (query: Query) => answer(admin.api.admin.users.$get({ query }));
const namesOf = async (query: Query) => {
  const res = await list(query);
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.body.users.map((u) => u.full_name).sort();
};

async function account(key: string, name: string) {
  const id = `filter-${key}`;
  await server.database.db.insert(users).values({ id, email: `${key}@example.com`, name, emailVerified: true });
  await server.database.db.update(profiles).set({ fullName: name }).where(eq(profiles.id, id));
  ids[key] = id;
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@example.com' });
  admin = server.client();
  await admin.signUp('admin@example.com', 'calm-river-42', 'Ada Admin');
  const { db } = server.database;
  const now = Date.now();
  // Paying, active this week (a reflection 2 days ago).
  const payer = await account('payer', 'Pat Payer');
  await db.insert(subscriptions).values({
    userId: payer,
    provider: 'local',
    planKey: 'starter',
    billingPeriod: 'month',
    status: 'active',
    currentPeriodEnd: new Date(now + 20 * DAY),
  });
  await db
    .insert(userReflections)
    .values({ userId: payer, reflectionText: 'A calmer week', createdAt: new Date(now - 2 * DAY) });
  // A subscription that ended: free now, though the row remains.
  const lapsed = await account('lapsed', 'Lou Lapsed');
  await db.insert(subscriptions).values({
    userId: lapsed,
    provider: 'local',
    planKey: 'growth',
    status: 'active',
    currentPeriodEnd: new Date(now - DAY),
  });
  // A beta place, active this month (a message 10 days ago), deactivated.
  const beta = await account('beta', 'Bea Beta');
  await db.insert(betaSeats).values({ userId: beta });
  await db.update(profiles).set({ isActive: false }).where(eq(profiles.id, beta));
  const [conversation] = await db.insert(conversations).values({ memberId: beta }).returning();
  await db.insert(chatMessages).values({
    conversationId: conversation!.id,
    senderId: beta,
    authorKind: 'member',
    message: 'Hello',
    createdAt: new Date(now - 10 * DAY),
  });
  // The Space Pass given by an admin for a while, over a beta place: the grant is the plan (decision 065).
  const granted = await account('granted', 'Gina Granted');
  await db.insert(betaSeats).values({ userId: granted });
  await db.insert(planGrants).values({
    userId: granted,
    planKey: 'space_pass',
    source: 'admin',
    startsAt: new Date(now - DAY),
    endsAt: new Date(now + 29 * DAY),
  });
  // Free, and last active long ago (a reflection 90 days ago).
  const quiet = await account('quiet', 'Quinn Quiet');
  await db
    .insert(userReflections)
    .values({ userId: quiet, reflectionText: 'Long ago', createdAt: new Date(now - 90 * DAY) });
});
afterAll(() => server.close());

describe('GET /api/admin/users with filters', () => {
  it('filters by plan: paying (a live subscription), granted, beta, free', async () => {
    expect(await namesOf({ plan: 'paying' })).toEqual(['Pat Payer']);
    expect(await namesOf({ plan: 'granted' })).toEqual(['Gina Granted']);
    expect(await namesOf({ plan: 'beta' })).toEqual(['Bea Beta']);
    expect(await namesOf({ plan: 'free' })).toEqual(['Ada Admin', 'Lou Lapsed', 'Quinn Quiet']);
  });

  it('filters by status and by last activity, and combines them with the search', async () => {
    expect(await namesOf({ status: 'inactive' })).toEqual(['Bea Beta']);
    expect(await namesOf({ status: 'active', plan: 'free' })).toEqual(['Ada Admin', 'Lou Lapsed', 'Quinn Quiet']);
    expect(await namesOf({ activity: 'week' })).toEqual(['Pat Payer']);
    expect(await namesOf({ activity: 'month' })).toEqual(['Bea Beta', 'Pat Payer']);
    // Dormant: nothing in 30 days, or never anything.
    expect(await namesOf({ activity: 'dormant' })).toEqual(['Ada Admin', 'Gina Granted', 'Lou Lapsed', 'Quinn Quiet']);
    expect(await namesOf({ activity: 'dormant', q: 'quinn' })).toEqual(['Quinn Quiet']);
    const res = await list({ activity: 'dormant', plan: 'free' });
    expect(res.body.total).toBe(3);
  });

  it('shows on each row who pays for what and until when, and the last activity', async () => {
    const rows = (await list({})).body.users;
    const byName = new Map(rows.map((u) => [u.full_name, u]));
    expect(byName.get('Pat Payer')!.billing).toMatchObject({
      // Starter is sold no more: the row that still names it reads as The Space Pass (decision 065).
      plan_name: 'The Space Pass',
      plan: { basis: 'subscription', renews_at: expect.any(String), ends_at: null },
      access: 'subscription',
      subscription: { tier: 'The Space Pass', live: true, billing_period: 'month' },
    });
    expect(byName.get('Gina Granted')!.billing).toMatchObject({
      plan_name: 'The Space Pass',
      plan: { basis: 'grant', granted_by_team: true, ends_at: expect.any(String) },
      access: 'grant',
    });
    expect(byName.get('Lou Lapsed')!.billing).toMatchObject({
      plan_name: 'Base Camp',
      access: 'trial',
      subscription: { tier: 'The Space Pass', live: false },
    });
    expect(byName.get('Bea Beta')!.billing).toMatchObject({ access: 'beta', subscription: null });
    expect(byName.get('Bea Beta')!.billing.beta_place_since).not.toBeNull();
    expect(byName.get('Ada Admin')!.last_active_at).toBeNull();
    expect(Date.parse(byName.get('Quinn Quiet')!.last_active_at!)).toBeLessThan(Date.now() - 89 * DAY);
  });

  it('refuses a filter it does not know, with a clear message', async () => {
    const res = await admin.get('/api/admin/users?plan=gold&status=asleep&activity=yesterday');
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      plan: ['Plan must be paying, granted, beta or free'],
      status: ['Status must be active or inactive'],
      activity: ['Last activity must be week, month or dormant'],
    });
  });
});
