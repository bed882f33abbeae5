import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FocusAreaDto, StrategicPromptCreateInput } from '@app/shared';
import { auditLog, strategicPromptUserRatings, strategicPrompts, userReflections } from '../../db/schema';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: TestClient;
let member: TestClient;
let adminId: string;
let area: FocusAreaDto;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'prompt-admin@example.com' });
  admin = server.client();
  member = server.client();
  adminId = (await admin.signUp('prompt-admin@example.com')).body.user.id;
  await member.signUp('prompt-member@example.com');
  [area] = (await answer(admin.api.catalog['focus-areas'].$get())).body as [FocusAreaDto];
});
afterAll(() => server.close());

const listed = async (id: string) => (await answer(admin.api.admin.prompts.$get())).body.find((p) => p.id === id);

async function createPrompt(title: string, extra: Partial<StrategicPromptCreateInput> = {}) {
  const res = await answer(
    admin.api.admin.prompts.$post({
      json: {
        title,
        prompt_text: `What would ${title} change for you this week?`,
        focus_area_id: area.id,
        ...extra,
      },
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('the prompt list', () => {
  it('lists the seeded prompts in their order, with focus area and no activity yet', async () => {
    const res = await answer(admin.api.admin.prompts.$get());
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(10);
    const orders = res.body.map((p) => p.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(res.body[0]).toMatchObject({
      focus_area_label: expect.any(String),
      is_active: true,
      average_rating: null,
      total_ratings: 0,
      reflection_count: 0,
    });
  });

  it('counts ratings (average to one decimal) and reflections per prompt', async () => {
    const prompt = await createPrompt('Counting');
    const raters = [server.client(), server.client(), server.client()];
    const ratings = [5, 4, 4];
    for (const [i, rater] of raters.entries()) {
      await rater.signUp(`rater-${i}@example.com`);
      const rated = await answer(
        rater.api.me['prompt-ratings'][':promptId'].$put({
          param: { promptId: prompt.id },
          json: { rating: ratings[i]! },
        }),
      );
      expect(rated.status).toBe(200);
    }
    for (const text of ['First thought', 'Second thought']) {
      const res = await answer(
        member.api.me.reflections.$post({ json: { reflection_text: text, strategic_prompt_id: prompt.id } }),
      );
      expect(res.status).toBe(201);
    }
    expect(await listed(prompt.id)).toMatchObject({ average_rating: 4.3, total_ratings: 3, reflection_count: 2 });
  });
});

describe('creating, editing and switching', () => {
  it('creates a prompt at the end of the list and records who did it', async () => {
    const before = (await answer(admin.api.admin.prompts.$get())).body;
    const created = await createPrompt('  Quiet mornings  ');
    expect(created).toMatchObject({
      title: 'Quiet mornings',
      focus_area_id: area.id,
      focus_area_label: area.label,
      is_active: true,
      reflection_count: 0,
    });
    expect(created.sort_order).toBeGreaterThan(Math.max(...before.map((p) => p.sort_order)));
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'prompt.create'), eq(auditLog.actorId, adminId)));
    expect(audit.map((a) => a.details.prompt_id)).toContain(created.id);
  });

  it('creates a prompt without a focus area', async () => {
    const created = await createPrompt('Anywhere', { focus_area_id: null });
    expect(created).toMatchObject({ focus_area_id: null, focus_area_label: null });
  });

  it('edits fields and switches a prompt off; members no longer get an inactive prompt', async () => {
    const created = await createPrompt('Evening review');
    const edited = await answer(
      admin.api.admin.prompts[':id'].$patch({
        param: { id: created.id },
        json: { title: 'Evening review, revised', prompt_text: 'What went well today?', focus_area_id: null },
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Evening review, revised', prompt_text: 'What went well today?' });
    expect(edited.body.focus_area_id).toBeNull();

    const off = await answer(
      admin.api.admin.prompts[':id'].$patch({ param: { id: created.id }, json: { is_active: false } }),
    );
    expect(off.body).toMatchObject({ is_active: false, title: 'Evening review, revised' });
    const refused = await answer(
      member.api.me.reflections.$post({ json: { reflection_text: 'Too late', strategic_prompt_id: created.id } }),
    );
    expect(refused.status).toBe(400);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'prompt.update'))
      .orderBy(auditLog.createdAt);
    expect(audit?.details).toMatchObject({
      before: { title: 'Evening review' },
      after: { title: 'Evening review, revised' },
    });
  });

  it('refuses a missing title or prompt text, and an unknown focus area, with the field at fault', async () => {
    const create = (json: StrategicPromptCreateInput) => answer(admin.api.admin.prompts.$post({ json }));
    const blank = await create({ title: '   ', prompt_text: '' });
    expect(blank.status).toBe(400);
    expect(blank.error.fieldErrors).toMatchObject({
      title: ['Title is required'],
      prompt_text: ['Prompt text is required'],
    });
    const unknownArea = await create({
      title: 'T',
      prompt_text: 'P',
      focus_area_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownArea.status).toBe(400);
    expect(unknownArea.error.fieldErrors).toEqual({ focus_area_id: ['Unknown focus area'] });
    const tooLong = await create({ title: 'x'.repeat(201), prompt_text: 'P' });
    expect(tooLong.error.fieldErrors!.title).toEqual(['Title must be less than 200 characters']);
    // A field the schema does not have: the raw client sends it.
    const extra = await admin.post('/api/admin/prompts', { title: 'T', prompt_text: 'P', sort_order: -1 });
    expect(extra.status).toBe(400);
  });

  it('refuses an empty edit, a bad id and an unknown prompt', async () => {
    const created = await createPrompt('Edge cases');
    const prompt = admin.api.admin.prompts[':id'];
    expect((await answer(prompt.$patch({ param: { id: created.id }, json: {} }))).error.fieldErrors).toEqual({
      _: ['Nothing to change'],
    });
    expect((await answer(prompt.$patch({ param: { id: 'not-a-uuid' }, json: { is_active: true } }))).status).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await answer(prompt.$patch({ param: { id: missing }, json: { is_active: true } }))).status).toBe(404);
    expect((await answer(prompt.$delete({ param: { id: missing } }))).status).toBe(404);
  });
});

describe('deleting (decision 026)', () => {
  it('keeps the members’ reflections, unlinked, and deletes the prompt’s ratings', async () => {
    const prompt = await createPrompt('Short-lived');
    await answer(
      member.api.me['prompt-ratings'][':promptId'].$put({ param: { promptId: prompt.id }, json: { rating: 2 } }),
    );
    const reflection = await answer(
      member.api.me.reflections.$post({
        json: { reflection_text: 'Still mine after the prompt goes', strategic_prompt_id: prompt.id },
      }),
    );

    const res = await answer(admin.api.admin.prompts[':id'].$delete({ param: { id: prompt.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: prompt.id, reflections_kept: 1, ratings_deleted: 1 });

    expect(await listed(prompt.id)).toBeUndefined();
    const { db } = server.database;
    expect(await db.select().from(strategicPrompts).where(eq(strategicPrompts.id, prompt.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(strategicPromptUserRatings)
        .where(eq(strategicPromptUserRatings.strategicPromptId, prompt.id)),
    ).toEqual([]);
    const [kept] = await db.select().from(userReflections).where(eq(userReflections.id, reflection.body.id));
    expect(kept).toMatchObject({ reflectionText: 'Still mine after the prompt goes', strategicPromptId: null });
    const mine = (await answer(member.api.me.reflections.$get({ query: {} }))).body;
    expect(mine.find((r) => r.id === reflection.body.id)?.strategic_prompt_title).toBeNull();

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'prompt.delete'));
    expect(audit?.details).toMatchObject({
      prompt_id: prompt.id,
      before: { title: 'Short-lived' },
      reflections_kept: 1,
    });
  });
});

describe('access', () => {
  it('refuses members and signed-out visitors on every prompt endpoint', async () => {
    const id = (await createPrompt('Guarded')).id;
    const anonymous = server.client();
    const calls = [
      (c: TestClient) => answer(c.api.admin.prompts.$get()),
      (c: TestClient) => answer(c.api.admin.prompts.$post({ json: { title: 'Mine now', prompt_text: 'P' } })),
      (c: TestClient) => answer(c.api.admin.prompts[':id'].$patch({ param: { id }, json: { is_active: false } })),
      (c: TestClient) => answer(c.api.admin.prompts[':id'].$delete({ param: { id } })),
    ];
    for (const call of calls) {
      expect((await call(member)).status).toBe(403);
      expect((await call(anonymous)).status).toBe(401);
    }
    expect(await listed(id)).toMatchObject({ is_active: true, title: 'Guarded' });
  });
});
