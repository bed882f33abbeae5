import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MAX_REFLECTION_LENGTH } from '@app/shared';
import { strategicPrompts, userReflections } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let member: TestClient;
let memberId: string;
let other: TestClient;
let otherId: string;
let prompt: typeof strategicPrompts.$inferSelect;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('reflect@example.com')).body.user.id;
  other = server.client();
  otherId = (await other.signUp('reflect-other@example.com')).body.user.id;
  [prompt] = (await server.database.db
    .select()
    .from(strategicPrompts)
    .orderBy(asc(strategicPrompts.sortOrder))
    .limit(1)) as [typeof prompt];
});
afterAll(() => server.close());

const ownRows = (userId: string) =>
  server.database.db.select().from(userReflections).where(eq(userReflections.userId, userId));

describe('reflections', () => {
  it('needs a session', async () => {
    const visitor = server.client();
    const reflections = visitor.api.me.reflections;
    expect((await answer(reflections.$get({ query: {} }))).status).toBe(401);
    expect((await answer(reflections.$post({ json: { reflection_text: 'Hi' } }))).status).toBe(401);
    expect((await answer(reflections.$post({ json: { reflection_text: 'Hi' } }))).error.error).toBe(
      'Auth session missing!',
    );
  });

  it('saves a reflection linked to a prompt, trimmed, and returns it with the prompt title', async () => {
    const res = await answer(
      member.api.me.reflections.$post({
        json: { reflection_text: '  Saying no to the 7 pm call felt good.  ', strategic_prompt_id: prompt.id },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reflection_text: 'Saying no to the 7 pm call felt good.',
      strategic_prompt_id: prompt.id,
      strategic_prompt_title: prompt.title,
    });
    const [row] = await ownRows(memberId);
    expect(row).toMatchObject({ userId: memberId, reflectionText: 'Saying no to the 7 pm call felt good.' });
  });

  it('saves a reflection without a prompt', async () => {
    const reflections = member.api.me.reflections;
    const res = await answer(
      reflections.$post({ json: { reflection_text: 'A free note', strategic_prompt_id: null } }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ strategic_prompt_id: null, strategic_prompt_title: null });
    expect((await answer(reflections.$post({ json: { reflection_text: 'No prompt key' } }))).status).toBe(201);
  });

  it('lists only the member’s own reflections, newest first, five unless asked for more', async () => {
    const db = server.database.db;
    const day = 86_400_000;
    await db.insert(userReflections).values([
      ...Array.from({ length: 6 }, (_, i) => ({
        userId: memberId,
        reflectionText: `old ${i}`,
        createdAt: new Date(Date.now() - (i + 1) * day),
      })),
      { userId: otherId, reflectionText: 'someone else’s secret', createdAt: new Date(Date.now() + 60_000) },
    ]);
    const list = (client: TestClient, limit?: string) =>
      answer(client.api.me.reflections.$get({ query: limit === undefined ? {} : { limit } }));
    const res = await list(member);
    expect(res.status).toBe(200);
    const texts = res.body.map((r) => r.reflection_text);
    expect(texts).toEqual(['No prompt key', 'A free note', 'Saying no to the 7 pm call felt good.', 'old 0', 'old 1']);

    const all = (await list(member, '50')).body;
    expect(all).toHaveLength(9);
    expect(all.map((r) => r.reflection_text)).not.toContain('someone else’s secret');
    expect((await list(member, '7')).body).toHaveLength(7);

    const theirs = (await list(other)).body;
    expect(theirs.map((r) => r.reflection_text)).toEqual(['someone else’s secret']);
  });

  it.each(['0', '51', '2.5', 'abc', '-1'])('refuses ?limit=%s with 400', async (limit) => {
    const res = await answer(member.api.me.reflections.$get({ query: { limit } }));
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors!.limit).toHaveLength(1);
  });

  it.each([
    [{ reflection_text: '' }, 'reflection_text', 'Please write your reflection first'],
    [{ reflection_text: '   ' }, 'reflection_text', 'Please write your reflection first'],
    [{}, 'reflection_text', undefined],
    [
      { reflection_text: 'x'.repeat(MAX_REFLECTION_LENGTH + 1) },
      'reflection_text',
      `Reflection must be less than ${MAX_REFLECTION_LENGTH} characters`,
    ],
    [{ reflection_text: 'Hi', strategic_prompt_id: 'nope' }, 'strategic_prompt_id', 'Unknown prompt'],
    [{ reflection_text: 'Hi', user_id: 'someone-else' }, 'user_id', undefined],
    [{ reflection_text: 'Hi', created_at: '2020-01-01T00:00:00Z' }, 'created_at', undefined],
  ])('refuses %j with a field error and saves nothing', async (body, field, message) => {
    const before = (await ownRows(memberId)).length;
    // Bodies the schema refuses: the raw client sends what the typed one would not.
    const res = await member.post('/api/me/reflections', body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBeDefined();
    if (message) expect(res.body.fieldErrors[field]).toEqual([message]);
    expect((await ownRows(memberId)).length).toBe(before);
  });

  it('refuses an unknown or inactive prompt with a field error', async () => {
    const post = (promptId: string) =>
      answer(member.api.me.reflections.$post({ json: { reflection_text: 'Hi', strategic_prompt_id: promptId } }));
    const unknown = await post('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.error.fieldErrors).toEqual({ strategic_prompt_id: ['Unknown prompt'] });

    const [retired] = await server.database.db
      .insert(strategicPrompts)
      .values({ title: 'Retired', promptText: 'Old', isActive: false })
      .returning();
    const inactive = await post(retired!.id);
    expect(inactive.status).toBe(400);
    expect(inactive.error.fieldErrors).toEqual({ strategic_prompt_id: ['Unknown prompt'] });
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    expect((await member.request('POST', '/api/me/reflections', '{"reflection_text": ')).status).toBe(400);
  });
});
