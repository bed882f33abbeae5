import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, strategicPrompts, userReflections } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { insertMessages } from '../../test-support/messages';

/**
 * The analytics read is remembered per member (analytics-cache.ts, decision
 * 051). Each test reads once so the answer is remembered, changes one thing
 * the dashboard shows, some through the API and some in SQL as another
 * instance or an operator would, and expects the very next read to show it.
 */
let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function newMember(): Promise<{ client: TestClient; id: string }> {
  const client = server.client();
  const id = (await client.signUp(`analytics-fresh-${++counter}@example.com`)).body.user.id;
  return { client, id };
}
const analytics = async (client: TestClient) => {
  const res = await answer(client.api.me.analytics.$get());
  expect(res.status).toBe(200);
  return res.body;
};
const db = () => server.database.db;

describe('GET /api/me/analytics stays fresh while remembered', () => {
  it('shows a reflection saved through the API on the next read', async () => {
    const { client } = await newMember();
    expect((await analytics(client)).total_reflections).toBe(0);
    expect(
      (await answer(client.api.me.reflections.$post({ json: { reflection_text: 'A calmer Monday' } }))).status,
    ).toBe(201);
    const after = await analytics(client);
    expect(after.total_reflections).toBe(1);
    expect(after.recent_reflections[0]!.reflection_text).toBe('A calmer Monday');
  });

  it('shows a check-in answered on the card on the next read', async () => {
    const { client } = await newMember();
    expect((await analytics(client)).active_days).toBe(0);
    expect((await answer(client.api.me.checkins.$post({ json: { score: 4 } }))).status).toBe(201);
    const after = await analytics(client);
    expect(after).toMatchObject({ active_days: 1, streak_days: 1 });
    expect(after.activity.at(-1)).toMatchObject({ reflections: 0, messages: 0, checkins: 1 });
  });

  it('shows rows written and removed in SQL, as another instance would', async () => {
    const { client, id } = await newMember();
    await analytics(client);
    const [row] = await db()
      .insert(userReflections)
      .values({ userId: id, reflectionText: 'from elsewhere' })
      .returning();
    expect((await analytics(client)).total_reflections).toBe(1);
    await db().update(userReflections).set({ reflectionText: 'edited' }).where(eq(userReflections.id, row!.id));
    expect((await analytics(client)).recent_reflections[0]!.reflection_text).toBe('edited');
    await db().delete(userReflections).where(eq(userReflections.id, row!.id));
    expect((await analytics(client)).total_reflections).toBe(0);
  });

  it('shows the member’s own message and the coach’s reply', async () => {
    const { client, id } = await newMember();
    const coach = await newMember();
    await analytics(client);
    await insertMessages(db(), { senderId: id, message: 'mine' });
    const mine = await analytics(client);
    expect(mine.total_messages).toBe(1);
    await insertMessages(db(), { senderId: coach.id, recipientId: id, isAdminMessage: true, message: 'reply' });
    expect((await analytics(client)).recent_messages.map((m: { message: string }) => m.message)).toEqual([
      'reply',
      'mine',
    ]);
  });

  it('shows credits changed by an admin', async () => {
    const { client, id } = await newMember();
    expect((await analytics(client)).total_credits).toBe(15);
    await db().update(profiles).set({ credits: 4 }).where(eq(profiles.id, id));
    expect(await analytics(client)).toMatchObject({ total_credits: 4, credits_used: 11 });
  });

  it('shows a prompt’s new title beside the reflection written on it', async () => {
    const { client, id } = await newMember();
    const [prompt] = await db()
      .insert(strategicPrompts)
      .values({ title: 'Old title', promptText: 'What helped?' })
      .returning();
    await db().insert(userReflections).values({ userId: id, reflectionText: 'on it', strategicPromptId: prompt!.id });
    expect((await analytics(client)).recent_reflections[0]!.strategic_prompt_title).toBe('Old title');
    await db().update(strategicPrompts).set({ title: 'New title' }).where(eq(strategicPrompts.id, prompt!.id));
    expect((await analytics(client)).recent_reflections[0]!.strategic_prompt_title).toBe('New title');
    await db().delete(strategicPrompts).where(eq(strategicPrompts.id, prompt!.id));
    expect((await analytics(client)).recent_reflections[0]!.strategic_prompt_title).toBeNull();
  });

  it('does not move another member’s version', async () => {
    const a = await newMember();
    const b = await newMember();
    const versionOf = async (id: string) =>
      (await db().select({ v: profiles.activityVersion }).from(profiles).where(eq(profiles.id, id)))[0]!.v;
    const before = await versionOf(b.id);
    await db().insert(userReflections).values({ userId: a.id, reflectionText: 'only mine' });
    await insertMessages(db(), { senderId: a.id, message: 'only mine' });
    expect(await versionOf(b.id)).toBe(before);
    expect(await versionOf(a.id)).toBeGreaterThan(0);
  });
});
