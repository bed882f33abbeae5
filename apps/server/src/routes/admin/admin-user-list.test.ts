import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AdminUserListDto } from '@app/shared';
import { auditLog, profiles, sessions, subscriptions, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { TestClient } from '../../test-support/test-client';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;

/** Accounts made straight in the database (the provisioning trigger adds profile and role). */
async function insertAccounts(specs: { email: string; name: string; createdAt: Date }[]) {
  const { db } = server.database;
  await db.insert(users).values(
    specs.map((s) => ({
      id: `seed-${s.email}`,
      email: s.email,
      name: s.name,
      emailVerified: true,
      createdAt: s.createdAt,
    })),
  );
  for (const s of specs) {
    await db
      .update(profiles)
      .set({ createdAt: s.createdAt })
      .where(eq(profiles.id, `seed-${s.email}`));
  }
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('admin@example.com', 'calm-river-42', 'Ada Admin')).body.user.id;
  member = server.client();
  memberId = (await member.signUp('mina@example.com', 'calm-river-42', 'Mina Member')).body.user.id;
  const base = Date.UTC(2026, 0, 1);
  await insertAccounts(
    Array.from({ length: 25 }, (_, i) => ({
      email: `bulk${String(i).padStart(2, '0')}@example.com`,
      name: i === 7 ? '100%_Sure Person' : `Bulk Person ${i}`,
      createdAt: new Date(base + i * 60_000),
    })),
  );
});
afterAll(() => server.close());

describe('GET /api/admin/users', () => {
  it('answers one page, newest first, with everything a user card shows and counters over everyone', async () => {
    await member.patch('/api/me/profile', { full_name: 'Mina Member' });
    const res = await admin.get<AdminUserListDto>('/api/admin/users?page_size=5');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(27);
    expect(res.body.counts).toEqual({ total_users: 27, admin_users: 1, regular_users: 26 });
    expect(res.body.users).toHaveLength(5);
    const [first] = res.body.users;
    // The two real sign-ups are the newest.
    expect([adminId, memberId]).toContain(first!.id);
    const minaRes = await admin.get<AdminUserListDto>('/api/admin/users?q=mina');
    expect(minaRes.status, JSON.stringify(minaRes.body)).toBe(200);
    const mina = minaRes.body.users[0]!;
    expect(mina).toMatchObject({
      id: memberId,
      full_name: 'Mina Member',
      email: 'mina@example.com',
      credits: 15,
      pricing_plan: 'Base Camp',
      is_active: true,
      roles: ['user'],
    });
    expect(Object.keys(mina).sort()).toEqual(
      [
        'coaching_tone_title',
        'created_at',
        'credits',
        'email',
        'focus_area_label',
        'full_name',
        'id',
        'is_active',
        'pricing_plan',
        'roles',
      ].sort(),
    );
    const adminRow = (await admin.get<AdminUserListDto>('/api/admin/users?q=ada')).body.users[0]!;
    expect(adminRow.roles).toEqual(['admin', 'user']);
  });

  it('pages through everyone without repeats or gaps', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await admin.get<AdminUserListDto>(`/api/admin/users?page=${page}&page_size=10`);
      expect(res.body.page).toBe(page);
      seen.push(...res.body.users.map((u) => u.id));
    }
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect((await admin.get<AdminUserListDto>('/api/admin/users?page=9')).body.users).toEqual([]);
  });

  it('searches name or email, case-insensitively, with % and _ taken literally', async () => {
    expect((await admin.get<AdminUserListDto>('/api/admin/users?q=BULK0')).body.total).toBe(10);
    expect((await admin.get<AdminUserListDto>('/api/admin/users?q=mina%40example')).body.total).toBe(1);
    const literal = await admin.get<AdminUserListDto>(`/api/admin/users?q=${encodeURIComponent('100%_s')}`);
    expect(literal.body.users.map((u) => u.full_name)).toEqual(['100%_Sure Person']);
    expect((await admin.get<AdminUserListDto>(`/api/admin/users?q=${encodeURIComponent('%')}`)).body.total).toBe(1);
    // The counters stay about everyone.
    expect(literal.body.counts.total_users).toBe(27);
  });

  it('refuses bad paging with field errors', async () => {
    const res = await admin.get('/api/admin/users?page=0&page_size=1000');
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.page).toEqual(['Page starts at 1']);
    expect(res.body.fieldErrors.page_size).toEqual(['Page size must be at most 100']);
    expect((await admin.get(`/api/admin/users?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await admin.get('/api/admin/users?sort=name')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await member.get('/api/admin/users')).status).toBe(403);
    expect((await server.client().get('/api/admin/users')).status).toBe(401);
  });
});

describe('tracker feedback of one member', () => {
  it('answers null before any, then the member’s answer', async () => {
    expect((await admin.get(`/api/admin/users/${memberId}/tracker-feedback`)).body).toBeNull();
    await member.put('/api/me/tracker-feedback', {
      tracking: 'Habit tracking',
      project_management_tools: ['Trello', 'Notion'],
      visual_feature_preferences: [],
      additional_thoughts: 'More streaks please',
    });
    const res = await admin.get(`/api/admin/users/${memberId}/tracker-feedback`);
    expect(res.body).toMatchObject({
      user_id: memberId,
      tracking: 'Habit tracking',
      project_management_tools: 'Trello, Notion',
      additional_thoughts: 'More streaks please',
    });
  });
});

describe('setting a tier (docs/product.md#admin-back-office)', () => {
  it('sets the profile plan, audits before and after, and writes no subscription', async () => {
    const res = await admin.patch(`/api/admin/users/${memberId}/plan`, { pricing_plan: 'Growth' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: memberId, pricing_plan: 'Growth' });
    expect((await member.get('/api/me/profile')).body.pricing_plan).toBe('Growth');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.change'), eq(auditLog.targetUserId, memberId)));
    expect(audit).toMatchObject({ actorId: adminId, details: { before: 'Base Camp', after: 'Growth' } });
    const subs = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, memberId));
    expect(subs).toEqual([]);
    expect((await member.get('/api/me/subscription')).body.subscribed).toBe(false);
  });

  it('offers only the four tiers', async () => {
    const res = await admin.patch(`/api/admin/users/${memberId}/plan`, { pricing_plan: 'Free Beta Access' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.pricing_plan).toEqual(['Plan must be Base Camp, Starter, Growth or Summit']);
    expect((await admin.patch('/api/admin/users/nobody/plan', { pricing_plan: 'Summit' })).status).toBe(404);
    expect((await member.patch(`/api/admin/users/${memberId}/plan`, { pricing_plan: 'Summit' })).status).toBe(403);
  });
});

describe('credits', () => {
  it('adds and removes credits, floored at 0, each change audited', async () => {
    const added = await admin.post(`/api/admin/users/${memberId}/credits`, { delta: 10 });
    expect(added.body).toEqual({ id: memberId, credits: 25, previous_credits: 15 });
    const removed = await admin.post(`/api/admin/users/${memberId}/credits`, { delta: -100 });
    expect(removed.body).toEqual({ id: memberId, credits: 0, previous_credits: 25 });
    const again = await admin.post(`/api/admin/users/${memberId}/credits`, { delta: -1 });
    expect(again.body).toEqual({ id: memberId, credits: 0, previous_credits: 0 });
    expect((await member.get('/api/me/profile')).body.credits).toBe(0);
    const rows = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credits.change'), eq(auditLog.targetUserId, memberId)))
      .orderBy(desc(auditLog.createdAt));
    expect(rows.map((r) => r.details)).toEqual([
      { delta: -100, before: 25, after: 0 },
      { delta: 10, before: 15, after: 25 },
    ]);
  });

  it('counts every one of several simultaneous additions', async () => {
    await Promise.all(
      Array.from({ length: 8 }, () => admin.post(`/api/admin/users/${memberId}/credits`, { delta: 3 })),
    );
    expect((await member.get('/api/me/profile')).body.credits).toBe(24);
  });

  it('refuses zero, fractions, huge steps and a balance above the cap', async () => {
    for (const delta of [0, 1.5, 10_001, '5']) {
      expect((await admin.post(`/api/admin/users/${memberId}/credits`, { delta })).status).toBe(400);
    }
    await server.database.db.update(profiles).set({ credits: 999_995 }).where(eq(profiles.id, memberId));
    const res = await admin.post(`/api/admin/users/${memberId}/credits`, { delta: 10 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Credits cannot go above 1,000,000');
    expect((await admin.post('/api/admin/users/nobody/credits', { delta: 1 })).status).toBe(404);
  });
});

describe('deactivation', () => {
  it('ends the member’s open sessions at once, and they cannot sign in again', async () => {
    const victim = server.client();
    const id = (await victim.signUp('leaving@example.com')).body.user.id;
    expect((await victim.get('/api/me/profile')).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${id}/active`, { is_active: false })).status).toBe(200);
    expect((await victim.get('/api/me/profile')).status).toBe(401);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await server.client().signIn('leaving@example.com')).status).toBeGreaterThanOrEqual(400);
    const [audit] = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.deactivate'), eq(auditLog.targetUserId, id)));
    expect(audit?.details).toEqual({ before: true, after: false });
  });
});
