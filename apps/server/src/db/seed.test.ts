import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client';
import { coachingTones, focusAreas, strategicPrompts } from './schema';
import { seedDatabase } from './seed';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let testDb: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  // Empty, not the run's seeded copy: this file is about what seeding writes.
  testDb = await createTestDatabase({ fresh: true });
  handle = await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://' });
});
afterAll(async () => {
  await handle.close();
  await testDb.drop();
});

const ICONS = [
  'Compass',
  'Flame',
  'Target',
  'RefreshCw',
  'Shield',
  'AlertTriangle',
  'Heart',
  'Eye',
  'Scale',
  'TrendingUp',
  'Award',
];

it('seeds focus areas, tones and prompts, and running it again adds nothing', async () => {
  await seedDatabase(handle.db);
  const counts = async () => ({
    areas: (await handle.db.select({ n: count() }).from(focusAreas))[0]!.n,
    tones: (await handle.db.select({ n: count() }).from(coachingTones))[0]!.n,
    prompts: (await handle.db.select({ n: count() }).from(strategicPrompts))[0]!.n,
  });
  const first = await counts();
  await seedDatabase(handle.db);
  expect(await counts()).toEqual(first);
  expect(first.areas).toBeGreaterThanOrEqual(8);
  expect(first.tones).toBeGreaterThanOrEqual(4);

  const areas = await handle.db.select().from(focusAreas);
  for (const area of areas) {
    expect(ICONS).toContain(area.iconName);
    const [{ n }] = (await handle.db
      .select({ n: count() })
      .from(strategicPrompts)
      .where(and(eq(strategicPrompts.focusAreaId, area.id), eq(strategicPrompts.isActive, true)))) as [{ n: number }];
    expect(n, area.label).toBeGreaterThanOrEqual(2);
  }
});

it('does not bring back a starting prompt an admin deleted or renamed', async () => {
  const [first, second] = await handle.db.select().from(strategicPrompts).limit(2);
  await handle.db.delete(strategicPrompts).where(eq(strategicPrompts.id, first!.id));
  await handle.db
    .update(strategicPrompts)
    .set({ title: 'Renamed by an admin' })
    .where(eq(strategicPrompts.id, second!.id));
  await seedDatabase(handle.db);
  const titles = (await handle.db.select({ title: strategicPrompts.title }).from(strategicPrompts)).map((p) => p.title);
  expect(titles).not.toContain(first!.title);
  expect(titles).not.toContain(second!.title);
  expect(titles).toContain('Renamed by an admin');
});

it('creates each account’s profile and user role in the same statement', async () => {
  const { users, profiles, userRoles } = await import('./schema');
  await handle.db.insert(users).values({ id: 'u-trigger', name: 'Trig Ger', email: 'trigger@example.com' });
  const [profile] = await handle.db.select().from(profiles).where(eq(profiles.id, 'u-trigger'));
  expect(profile).toMatchObject({
    fullName: 'Trig Ger',
    email: 'trigger@example.com',
    credits: 15,
    pricingPlan: 'Base Camp',
  });
  const roles = await handle.db.select().from(userRoles).where(eq(userRoles.userId, 'u-trigger'));
  expect(roles.map((r) => r.role)).toEqual(['user']);
});

it('rejects values outside the enumerations and negative credits', async () => {
  const { userRoles, profiles } = await import('./schema');
  await expect(handle.db.insert(userRoles).values({ userId: 'u-trigger', role: 'owner' as 'admin' })).rejects.toThrow();
  await expect(handle.db.update(profiles).set({ credits: -1 }).where(eq(profiles.id, 'u-trigger'))).rejects.toThrow();
});

it('seeds a kind step library for every focus area once, and leaves an area whose steps admins changed alone', async () => {
  const { stepTemplates } = await import('./schema');
  const { checkReply } = await import('../lib/coach/safety/reply-check');
  const { parseIfThen } = await import('../lib/programme/steps/tailor-step');
  const { stepSentence } = await import('@app/shared');
  await seedDatabase(handle.db);
  const steps = await handle.db.select().from(stepTemplates);
  const areas = await handle.db.select().from(focusAreas);
  for (const area of areas) {
    const sizes = steps.filter((s) => s.focusAreaId === area.id).map((s) => s.size);
    expect(
      [sizes.filter((s) => s === 3).length, sizes.filter((s) => s === 2).length, sizes.filter((s) => s === 1).length],
      area.label,
    ).toEqual([3, 2, 1]);
  }
  const { GENERAL_STEPS } = await import('@app/shared');
  for (const step of [...steps, ...GENERAL_STEPS.map((g) => ({ ifText: g.if_text, thenText: g.then_text }))]) {
    // Every seeded step (and every general one) reads as an if/then plan and passes the check an AI reply passes.
    const sentence = stepSentence({ if_text: step.ifText, then_text: step.thenText });
    expect(parseIfThen(sentence), sentence).not.toBeNull();
    expect(checkReply(sentence), sentence).toEqual({ ok: true });
  }

  // An admin deactivates one and deletes another: seeding again brings neither back nor adds anything.
  const [first, second] = steps;
  await handle.db.update(stepTemplates).set({ isActive: false }).where(eq(stepTemplates.id, first!.id));
  await handle.db.delete(stepTemplates).where(eq(stepTemplates.id, second!.id));
  await seedDatabase(handle.db);
  const after = await handle.db.select().from(stepTemplates);
  expect(after).toHaveLength(steps.length - 1);
  expect(after.find((s) => s.id === first!.id)!.isActive).toBe(false);
});
