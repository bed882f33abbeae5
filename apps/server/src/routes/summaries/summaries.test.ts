import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeeklySummaryNumbers } from '@app/shared';
import { weeklySummaries } from '../../db/schema';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let member: TestClient;
let memberId: string;
let other: TestClient;
let otherId: string;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'summaries-admin@example.com' });
  member = server.client();
  memberId = (await member.signUp('summaries-member@example.com')).body.user.id;
  other = server.client();
  otherId = (await other.signUp('summaries-other@example.com')).body.user.id;
  admin = server.client();
  await admin.signUp('summaries-admin@example.com');
});
afterAll(() => server.close());

const numbers = (checkins: number): WeeklySummaryNumbers => ({
  checkins,
  average_score: checkins ? 4 : null,
  score_change: null,
  steps_done: 0,
  steps_not_done: 0,
  reflections_written: 0,
  win: null,
  pattern: null,
  next_step: null,
});

/** Kept summaries, as the programme's composer stores them, for Mondays `weeks` weeks apart. */
async function keep(userId: string, mondays: string[]) {
  const rows = await server.database.db
    .insert(weeklySummaries)
    .values(
      mondays.map((weekStart, i) => ({
        userId,
        weekStart,
        weekEnd: weekStart,
        numbers: numbers(i),
        text: `Week of ${weekStart} for ${userId}`,
        proseSource: 'scripted' as const,
      })),
    )
    .returning();
  return rows;
}

describe('a member’s summaries', () => {
  it('are the member’s own, newest week first, as many as asked for up to a year', async () => {
    const [oldest, newest, middle] = await keep(memberId, ['2026-10-26', '2026-11-09', '2026-11-02']);
    await keep(otherId, ['2026-11-16']);
    const list = await answer(member.api.me.summaries.$get({ query: {} }));
    expect(list.status).toBe(200);
    expect(list.body.summaries.map((s) => s.id)).toEqual([newest!.id, middle!.id, oldest!.id]);
    expect(list.body.summaries[0]).toEqual({
      id: newest!.id,
      week_start: '2026-11-09',
      week_end: '2026-11-09',
      numbers: numbers(1),
      text: `Week of 2026-11-09 for ${memberId}`,
      created_at: newest!.createdAt.toISOString(),
    });
    const two = await answer(member.api.me.summaries.$get({ query: { limit: '2' } }));
    expect(two.body.summaries.map((s) => s.week_start)).toEqual(['2026-11-09', '2026-11-02']);

    for (const limit of ['0', '53', 'many', '1.5']) {
      const refused = await answer(member.api.me.summaries.$get({ query: { limit } }));
      expect(refused.status).toBe(400);
      expect(refused.error.fieldErrors?.limit?.[0]).toMatch(/^Limit must be/);
    }
  });

  it('can be read one by one, and another member’s is not found', async () => {
    const [mine] = await keep(memberId, ['2026-09-07']);
    const [theirs] = await keep(otherId, ['2026-09-07']);
    const read = (client: TestClient, summaryId: string) =>
      answer(client.api.me.summaries[':summaryId'].$get({ param: { summaryId } }));
    const own = await read(member, mine!.id);
    expect([own.status, own.body.text]).toEqual([200, mine!.text]);
    const notMine = await read(member, theirs!.id);
    expect([notMine.status, notMine.error.error]).toEqual([404, 'Summary not found']);
    expect((await read(member, crypto.randomUUID())).status).toBe(404);
    expect((await read(member, 'not-an-id')).status).toBe(400);
    expect((await read(server.client(), mine!.id)).status).toBe(401);
  });
});

describe('an admin reading a member’s summaries', () => {
  it('gets the latest ones for the user card, and only an admin may', async () => {
    const fresh = server.client();
    const freshId: string = (await fresh.signUp('summaries-fresh@example.com')).body.user.id;
    const route = (client: TestClient, memberId: string, limit?: string) =>
      answer(
        client.api.admin.members[':memberId'].summaries.$get({
          param: { memberId },
          query: limit ? { limit } : {},
        }),
      );
    expect((await route(admin, freshId)).body).toEqual({ summaries: [] });
    await keep(freshId, ['2026-11-02', '2026-11-16', '2026-11-09']);
    const last = await route(admin, freshId, '1');
    expect(last.body.summaries.map((s) => s.week_start)).toEqual(['2026-11-16']);
    expect((await route(admin, freshId)).body.summaries).toHaveLength(3);
    expect((await route(admin, 'no-such-member')).status).toBe(404);
    expect((await route(admin, freshId, '100')).status).toBe(400);
    expect((await route(member, freshId)).status).toBe(403);
    expect((await route(server.client(), freshId)).status).toBe(401);
  });
});
