import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { coachingTones, focusAreas, strategicPrompts } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { catalogRoutes } from './catalog.routes';

let server: TestServer;
let visitor: TestClient;
let areaId: string;
let emptyAreaId: string;
const promptIds: Record<'first' | 'second' | 'third' | 'retired', string> = {} as never;

beforeAll(async () => {
  server = await startTestServer();
  visitor = server.client();
  const db = server.database.db;
  [{ id: areaId }, { id: emptyAreaId }] = (await db
    .insert(focusAreas)
    .values([
      { value: 'test-rotation', label: 'Rotation', description: 'd', iconName: 'Eye', colorClasses: 'x', sortOrder: 1 },
      { value: 'test-empty', label: 'Empty', description: 'd', iconName: 'Eye', colorClasses: 'x', sortOrder: 2 },
    ])
    .returning({ id: focusAreas.id })) as [{ id: string }, { id: string }];
  // Inserted out of order on purpose: the rotation follows sort_order, not insertion.
  const rows = await db
    .insert(strategicPrompts)
    .values([
      { title: 'Third', promptText: 'p3', focusAreaId: areaId, sortOrder: 30 },
      { title: 'Retired', promptText: 'p0', focusAreaId: areaId, sortOrder: 5, isActive: false },
      { title: 'First', promptText: 'p1', focusAreaId: areaId, sortOrder: 10 },
      { title: 'Second', promptText: 'p2', focusAreaId: areaId, sortOrder: 20 },
    ])
    .returning();
  for (const r of rows) promptIds[r.title.toLowerCase() as keyof typeof promptIds] = r.id;
});
afterAll(() => server.close());

describe('focus areas and coaching tones', () => {
  it('lists active focus areas by sort order, without an account', async () => {
    const db = server.database.db;
    const [hidden] = await db.select().from(focusAreas).where(eq(focusAreas.value, 'burnout-recovery'));
    await db.update(focusAreas).set({ isActive: false }).where(eq(focusAreas.id, hidden!.id));
    // Move one to the front to see that sort_order, not insertion, decides.
    const [moved] = await db
      .update(focusAreas)
      .set({ sortOrder: -5 })
      .where(eq(focusAreas.value, 'leadership'))
      .returning();

    const res = await answer(visitor.api.catalog['focus-areas'].$get());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const areas = res.body;
    expect(areas.map((a) => a.id)).not.toContain(hidden!.id);
    expect(areas[0]).toEqual({
      id: moved!.id,
      label: moved!.label,
      description: moved!.description,
      icon_name: moved!.iconName,
      color_classes: moved!.colorClasses,
      sort_order: -5,
    });
    expect(areas.map((a) => a.sort_order)).toEqual([...areas.map((a) => a.sort_order)].sort((a, b) => a - b));
    const active = await db.select().from(focusAreas).where(eq(focusAreas.isActive, true));
    expect(areas).toHaveLength(active.length);
  });

  it('lists active coaching tones by sort order, without an account', async () => {
    const db = server.database.db;
    const all = await db.select().from(coachingTones).orderBy(asc(coachingTones.sortOrder));
    await db.update(coachingTones).set({ isActive: false }).where(eq(coachingTones.id, all[0]!.id));
    await db.update(coachingTones).set({ sortOrder: 1000 }).where(eq(coachingTones.id, all[1]!.id));

    const res = await answer(visitor.api.catalog['coaching-tones'].$get());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const tones = res.body;
    expect(tones.map((t) => t.id)).toEqual([...all.slice(2).map((t) => t.id), all[1]!.id]);
    expect(tones[0]).toEqual({
      id: all[2]!.id,
      title: all[2]!.title,
      subtitle: all[2]!.subtitle,
      quote: all[2]!.quote,
      sort_order: all[2]!.sortOrder,
    });
  });
});

describe('daily prompt', () => {
  const at = (iso: string) => catalogRoutes({ db: server.database.db } as AppDeps, () => new Date(iso));
  const dailyPrompt = async (iso: string, query = ''): Promise<any> =>
    (await (await at(iso).request(`/daily-prompt${query}`)).json()) as unknown;

  it('rotates the focus area’s active prompts one UTC day each, by sort order', async () => {
    // 2025-03-10 is day 20157, a multiple of three: the first of three prompts.
    const q = `?focus_area_id=${areaId}`;
    expect((await dailyPrompt('2025-03-10T00:00:00Z', q)).id).toBe(promptIds.first);
    expect((await dailyPrompt('2025-03-10T23:59:59Z', q)).id).toBe(promptIds.first);
    expect((await dailyPrompt('2025-03-11T09:00:00Z', q)).id).toBe(promptIds.second);
    expect((await dailyPrompt('2025-03-12T09:00:00Z', q)).id).toBe(promptIds.third);
    expect((await dailyPrompt('2025-03-13T09:00:00Z', q)).id).toBe(promptIds.first);
    expect(await dailyPrompt('2025-03-11T09:00:00Z', q)).toEqual({
      id: promptIds.second,
      title: 'Second',
      prompt_text: 'p2',
      focus_area_id: areaId,
    });
  });

  it('never offers an inactive prompt', async () => {
    const seen = new Set<string>();
    for (let day = 1; day <= 6; day++) {
      seen.add((await dailyPrompt(`2025-04-0${day}T12:00:00Z`, `?focus_area_id=${areaId}`)).id);
    }
    expect(seen).toEqual(new Set([promptIds.first, promptIds.second, promptIds.third]));
  });

  it('falls back to every active prompt without a focus area, or when the area has none', async () => {
    const db = server.database.db;
    const active = await db
      .select({ id: strategicPrompts.id })
      .from(strategicPrompts)
      .where(eq(strategicPrompts.isActive, true));
    const activeIds = new Set(active.map((p) => p.id));
    for (const query of ['', `?focus_area_id=${emptyAreaId}`, '?focus_area_id=00000000-0000-4000-8000-000000000000']) {
      const seen = new Set<string>();
      for (let day = 1; day <= 9; day++) seen.add((await dailyPrompt(`2025-05-0${day}T12:00:00Z`, query)).id);
      for (const id of seen) expect(activeIds.has(id)).toBe(true);
      expect(seen.has(promptIds.retired)).toBe(false);
      expect(seen.size).toBe(9); // nine days, nine different prompts: the whole list takes turns
    }
    expect(await dailyPrompt('2025-05-01T12:00:00Z')).toEqual(
      await dailyPrompt('2025-05-01T12:00:00Z', `?focus_area_id=${emptyAreaId}`),
    );
  });

  it('answers null when no prompt is active at all', async () => {
    const db = server.database.db;
    const active = await db
      .select({ id: strategicPrompts.id })
      .from(strategicPrompts)
      .where(eq(strategicPrompts.isActive, true));
    const ids = active.map((p) => p.id);
    await db.update(strategicPrompts).set({ isActive: false }).where(inArray(strategicPrompts.id, ids));
    try {
      const res = await answer(visitor.api.catalog['daily-prompt'].$get({ query: {} }));
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    } finally {
      await db.update(strategicPrompts).set({ isActive: true }).where(inArray(strategicPrompts.id, ids));
    }
  });

  it('serves today’s prompt over HTTP without an account, with a short cache', async () => {
    const res = await answer(visitor.api.catalog['daily-prompt'].$get({ query: { focus_area_id: areaId } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.body!.id).toBe((await dailyPrompt(new Date().toISOString(), `?focus_area_id=${areaId}`)).id);
  });

  it('refuses a malformed focus area id with 400, not 500', async () => {
    const res = await answer(visitor.api.catalog['daily-prompt'].$get({ query: { focus_area_id: 'not-a-uuid' } }));
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors!.focus_area_id).toEqual(['Unknown focus area']);
  });
});
