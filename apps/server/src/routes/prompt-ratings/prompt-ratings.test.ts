import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strategicPromptUserRatings, strategicPrompts } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let member: TestClient;
let memberId: string;
let other: TestClient;
let otherId: string;
let promptId: string;
let secondPromptId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('rater@example.com')).body.user.id;
  other = server.client();
  otherId = (await other.signUp('rater-other@example.com')).body.user.id;
  const prompts = await server.database.db.select({ id: strategicPrompts.id }).from(strategicPrompts).limit(2);
  promptId = prompts[0]!.id;
  secondPromptId = prompts[1]!.id;
});
afterAll(() => server.close());

/** The typed calls of one prompt's rating. */
const ratingOf = (client: TestClient, id: string) => {
  const rating = client.api.me['prompt-ratings'][':promptId'];
  return {
    get: () => answer(rating.$get({ param: { promptId: id } })),
    put: (value: number) => answer(rating.$put({ param: { promptId: id }, json: { rating: value } })),
  };
};
/** A body or id the schema refuses, sent as it is (the raw escape hatch). */
const putRaw = (client: TestClient, path: string, body: unknown) => client.put(path, body);
/** A rating of the first prompt as the API answers it. */
const rated = (rating: number) => ({ strategic_prompt_id: promptId, rating });
const ratingRows = (userId: string) =>
  server.database.db.select().from(strategicPromptUserRatings).where(eq(strategicPromptUserRatings.userId, userId));

describe('prompt ratings', () => {
  it('needs a session', async () => {
    const visitor = server.client();
    expect((await ratingOf(visitor, promptId).get()).status).toBe(401);
    expect((await ratingOf(visitor, promptId).put(5)).status).toBe(401);
  });

  it('is null before the member rates a prompt', async () => {
    const res = await ratingOf(member, promptId).get();
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('keeps one rating per member and prompt, changed in place', async () => {
    expect((await ratingOf(member, promptId).put(2)).body).toEqual(rated(2));
    const first = (await ratingRows(memberId))[0]!;
    const res = await ratingOf(member, promptId).put(5);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(rated(5));
    const rows = await ratingRows(memberId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, rating: 5, strategicPromptId: promptId });
    expect((await ratingOf(member, promptId).get()).body).toEqual(rated(5));
    expect((await ratingOf(member, secondPromptId).get()).body).toBeNull();
  });

  it('keeps members’ ratings apart', async () => {
    expect((await ratingOf(other, promptId).get()).body).toBeNull();
    await ratingOf(other, promptId).put(1);
    expect((await ratingOf(member, promptId).get()).body).toEqual(rated(5));
    expect((await ratingOf(other, promptId).get()).body).toEqual(rated(1));
    expect((await ratingRows(otherId)).map((r) => r.rating)).toEqual([1]);
    expect((await ratingRows(memberId)).map((r) => r.rating)).toEqual([5]);
  });

  it('cannot write a rating for someone else by sending their id', async () => {
    const res = await putRaw(member, `/api/me/prompt-ratings/${promptId}`, { rating: 3, user_id: otherId });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.user_id).toBeDefined();
    expect((await ratingRows(otherId)).map((r) => r.rating)).toEqual([1]);
  });

  it.each([[{ rating: 0 }], [{ rating: 6 }], [{ rating: 3.5 }], [{ rating: '4' }], [{}], [{ rating: 4, extra: 1 }]])(
    'refuses %j with a field error and changes nothing',
    async (body) => {
      const res = await putRaw(member, `/api/me/prompt-ratings/${promptId}`, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fieldErrors).length).toBeGreaterThan(0);
      expect((await ratingOf(member, promptId).get()).body).toEqual(rated(5));
    },
  );

  it('says Choose 1 to 5 for out-of-range ratings', async () => {
    const res = await ratingOf(member, promptId).put(6);
    expect(res.error.fieldErrors!.rating).toEqual(['Choose 1 to 5']);
  });

  it('answers 400 to a malformed prompt id and 404 to an unknown one', async () => {
    // Ids that are not uuids (one carrying SQL), sent raw as a hand-made URL would be.
    for (const res of [
      await member.get('/api/me/prompt-ratings/not-a-uuid'),
      await putRaw(member, '/api/me/prompt-ratings/1%27%20or%201=1', { rating: 3 }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.promptId).toEqual(['Unknown prompt']);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ratingOf(member, unknown).get()).status).toBe(404);
    expect((await ratingOf(member, unknown).put(3)).status).toBe(404);
  });

  it('keeps old ratings of a retired prompt readable but takes no new ones', async () => {
    const db = server.database.db;
    await db.update(strategicPrompts).set({ isActive: false }).where(eq(strategicPrompts.id, promptId));
    try {
      expect((await ratingOf(member, promptId).get()).body).toEqual(rated(5));
      expect((await ratingOf(member, promptId).put(4)).status).toBe(404);
      const [row] = await db
        .select()
        .from(strategicPromptUserRatings)
        .where(
          and(
            eq(strategicPromptUserRatings.userId, memberId),
            eq(strategicPromptUserRatings.strategicPromptId, promptId),
          ),
        );
      expect(row!.rating).toBe(5);
    } finally {
      await db.update(strategicPrompts).set({ isActive: true }).where(eq(strategicPrompts.id, promptId));
    }
  });
});
