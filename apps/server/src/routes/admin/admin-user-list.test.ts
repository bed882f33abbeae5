import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, profiles, sessions, subscriptions, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;
const list = (query: { q?: string; page?: string; page_size?: string } = {}) =>
  answer(admin.api.admin.users.$get({ query }));

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
    await answer(member.api.me.profile.$patch({ json: { full_name: 'Mina Member' } }));
    const res = await list({ page_size: '5' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(27);
    expect(res.body.counts).toEqual({ total_users: 27, admin_users: 1, regular_users: 26 });
    expect(res.body.users).toHaveLength(5);
    const [first] = res.body.users;
    // The two real sign-ups are the newest.
    expect([adminId, memberId]).toContain(first!.id);
    const minaRes = await list({ q: 'mina' });
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
      whatsapp: null,
    });
    expect(Object.keys(mina).sort()).toEqual(
      [
        'billing',
        'coaching_tone_title',
        'created_at',
        'last_active_at',
        'credits',
        'email',
        'focus_area_label',
        'full_name',
        'id',
        'is_active',
        'pricing_plan',
        'roles',
        'whatsapp',
      ].sort(),
    );
    const adminRow = (await list({ q: 'ada' })).body.users[0]!;
    expect(adminRow.roles).toEqual(['admin', 'user']);
  });

  it('pages through everyone without repeats or gaps', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list({ page: String(page), page_size: '10' });
      expect(res.body.page).toBe(page);
      seen.push(...res.body.users.map((u) => u.id));
    }
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect((await list({ page: '9' })).body.users).toEqual([]);
  });

  it('searches name or email, case-insensitively, with % and _ taken literally', async () => {
    expect((await list({ q: 'BULK0' })).body.total).toBe(10);
    expect((await list({ q: 'mina@example' })).body.total).toBe(1);
    const literal = await list({ q: '100%_s' });
    expect(literal.body.users.map((u) => u.full_name)).toEqual(['100%_Sure Person']);
    expect((await list({ q: '%' })).body.total).toBe(1);
    // The counters stay about everyone.
    expect(literal.body.counts.total_users).toBe(27);
  });

  it('refuses bad paging with field errors', async () => {
    const res = await list({ page: '0', page_size: '1000' });
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors!.page).toEqual(['Page starts at 1']);
    expect(res.error.fieldErrors!.page_size).toEqual(['Page size must be at most 100']);
    expect((await list({ q: 'x'.repeat(101) })).status).toBe(400);
    // A query parameter the schema does not have: the raw client sends it.
    expect((await admin.get('/api/admin/users?sort=name')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await answer(member.api.admin.users.$get({ query: {} }))).status).toBe(403);
    expect((await answer(server.client().api.admin.users.$get({ query: {} }))).status).toBe(401);
  });
});

describe('tracker feedback of one member', () => {
  it('answers null before any, then the member’s answer', async () => {
    const feedbackOf = () => answer(admin.api.admin.users[':id']['tracker-feedback'].$get({ param: { id: memberId } }));
    expect((await feedbackOf()).body).toBeNull();
    await answer(
      member.api.me['tracker-feedback'].$put({
        json: {
          tracking: 'Habit tracking',
          project_management_tools: ['Trello', 'Notion'],
          visual_feature_preferences: [],
          additional_thoughts: 'More streaks please',
        },
      }),
    );
    const res = await feedbackOf();
    expect(res.body).toMatchObject({
      user_id: memberId,
      tracking: 'Habit tracking',
      project_management_tools: 'Trello, Notion',
      additional_thoughts: 'More streaks please',
    });
  });
});

describe('giving The Space Pass (decision 065)', () => {
  it('grants it for the days chosen, audited, as the plan that decides access, and writes no subscription', async () => {
    const before = Date.now();
    const res = await answer(
      admin.api.admin.users[':id'].plan.$patch({
        param: { id: memberId },
        json: { pricing_plan: 'The Space Pass', days: 90 },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: memberId,
      pricing_plan: 'The Space Pass',
      plan: { name: 'The Space Pass', basis: 'grant', unlimited: true, granted_by_team: true },
    });
    const endsAt = new Date(res.body.plan.ends_at!).getTime();
    expect(endsAt - before).toBeGreaterThanOrEqual(90 * 86_400_000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);
    // What the member sees is the same plan, and it lets them talk without limit.
    expect((await answer(member.api.me.plan.$get())).body).toEqual(res.body.plan);
    expect((await answer(member.api.me['trial-use'].$get())).body).toMatchObject({ basis: 'grant', limited: false });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.change'), eq(auditLog.targetUserId, memberId)));
    expect(audit).toMatchObject({
      actorId: adminId,
      details: { before: 'Base Camp', after: 'The Space Pass', granted: 'The Space Pass for 90 days' },
    });
    const subs = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, memberId));
    expect(subs).toEqual([]);
    expect((await answer(member.api.me.subscription.$get())).body.subscribed).toBe(false);

    // Base Camp takes it back at once, audited too.
    const back = await answer(
      admin.api.admin.users[':id'].plan.$patch({ param: { id: memberId }, json: { pricing_plan: 'Base Camp' } }),
    );
    expect(back.body).toMatchObject({ pricing_plan: 'Base Camp', plan: { basis: 'trial', unlimited: false } });
    expect((await answer(member.api.me.plan.$get())).body.name).toBe('Base Camp');
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.change'), eq(auditLog.targetUserId, memberId)));
    expect(audits.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ before: 'The Space Pass', after: 'Base Camp', granted: 'nothing' }),
    );
  });

  it('offers only Base Camp and The Space Pass for 30, 90 or 365 days', async () => {
    // Plans and lengths the schema does not offer: the raw client sends them.
    for (const body of [{ pricing_plan: 'Free Beta Access' }, { pricing_plan: 'Summit' }]) {
      const res = await admin.patch(`/api/admin/users/${memberId}/plan`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.body.fieldErrors).flat()).toEqual(['Plan must be Base Camp or The Space Pass']);
    }
    const tooLong = await admin.patch(`/api/admin/users/${memberId}/plan`, { pricing_plan: 'The Space Pass', days: 7 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.days).toEqual(['Days must be 30, 90, 365']);
    const setPlan = (c: TestClient, id: string) =>
      answer(c.api.admin.users[':id'].plan.$patch({ param: { id }, json: { pricing_plan: 'The Space Pass', days: 30 } }));
    expect((await setPlan(admin, 'nobody')).status).toBe(404);
    expect((await setPlan(member, memberId)).status).toBe(403);
  });
});

describe('credits', () => {
  it('adds and removes credits, floored at 0, each change audited', async () => {
    const credit = (delta: number, id = memberId) =>
      answer(admin.api.admin.users[':id'].credits.$post({ param: { id }, json: { delta } }));
    const added = await credit(10);
    expect(added.body).toEqual({ id: memberId, credits: 25, previous_credits: 15 });
    const removed = await credit(-100);
    expect(removed.body).toEqual({ id: memberId, credits: 0, previous_credits: 25 });
    const again = await credit(-1);
    expect(again.body).toEqual({ id: memberId, credits: 0, previous_credits: 0 });
    expect((await answer(member.api.me.profile.$get())).body.credits).toBe(0);
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
      Array.from({ length: 8 }, () =>
        answer(admin.api.admin.users[':id'].credits.$post({ param: { id: memberId }, json: { delta: 3 } })),
      ),
    );
    expect((await answer(member.api.me.profile.$get())).body.credits).toBe(24);
  });

  it('refuses zero, fractions, huge steps and a balance above the cap', async () => {
    const credit = (delta: number, id = memberId) =>
      answer(admin.api.admin.users[':id'].credits.$post({ param: { id }, json: { delta } }));
    for (const delta of [0, 1.5, 10_001]) {
      expect((await credit(delta)).status).toBe(400);
    }
    // A delta that is not a number: the raw client sends it.
    expect((await admin.post(`/api/admin/users/${memberId}/credits`, { delta: '5' })).status).toBe(400);
    await server.database.db.update(profiles).set({ credits: 999_995 }).where(eq(profiles.id, memberId));
    const res = await credit(10);
    expect(res.status).toBe(409);
    expect(res.error.error).toBe('Credits cannot go above 1,000,000');
    expect((await credit(1, 'nobody')).status).toBe(404);
  });
});

describe('deactivation', () => {
  it('ends the member’s open sessions at once, and they cannot sign in again', async () => {
    const victim = server.client();
    const id = (await victim.signUp('leaving@example.com')).body.user.id;
    expect((await answer(victim.api.me.profile.$get())).status).toBe(200);
    const deactivated = await answer(
      admin.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: false } }),
    );
    expect(deactivated.status).toBe(200);
    expect((await answer(victim.api.me.profile.$get())).status).toBe(401);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await server.client().signIn('leaving@example.com')).status).toBeGreaterThanOrEqual(400);
    const [audit] = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.deactivate'), eq(auditLog.targetUserId, id)));
    expect(audit?.details).toEqual({ before: true, after: false });
  });
});
