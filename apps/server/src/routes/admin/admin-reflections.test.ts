import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrategicPromptDto } from '@app/shared';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: TestClient;
let nora: TestClient;
let omar: TestClient;
let prompt: StrategicPromptDto;
const list = (query: { q?: string; page?: string; page_size?: string } = {}) =>
  answer(admin.api.admin.reflections.$get({ query }));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'reflections-admin@example.com' });
  admin = server.client();
  await admin.signUp('reflections-admin@example.com');
  nora = server.client();
  omar = server.client();
  await nora.signUp('nora@example.com', 'calm-river-42', 'Nora North');
  await omar.signUp('omar@example.com', 'calm-river-42', 'Omar Ocean');
  prompt = (await answer(nora.api.catalog['daily-prompt'].$get({ query: {} }))).body!;
  // Written one after another, so "newest first" has an order to show.
  const writes: [TestClient, string, string | null][] = [
    [nora, 'Walked before work and felt calmer', prompt.id],
    [omar, 'Said no to a meeting: 100% worth it', null],
    [nora, 'Under_score and back\\slash stay literal', null],
  ];
  for (const [client, text, promptId] of writes) {
    const res = await answer(
      client.api.me.reflections.$post({ json: { reflection_text: text, strategic_prompt_id: promptId } }),
    );
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.close());

describe('GET /api/admin/reflections', () => {
  it('lists every member’s reflections newest first, with name and prompt title', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((r) => [r.user_name, r.reflection_text, r.strategic_prompt_title])).toEqual([
      ['Nora North', 'Under_score and back\\slash stay literal', null],
      ['Omar Ocean', 'Said no to a meeting: 100% worth it', null],
      ['Nora North', 'Walked before work and felt calmer', prompt.title],
    ]);
    expect(Date.parse(res.body.items[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(res.body.items[2]!.created_at));
  });

  it('searches text, member name and email, and prompt title, case-insensitively', async () => {
    const texts = async (q: string) => (await list({ q })).body.items.map((r) => r.reflection_text);
    expect(await texts('WALKED')).toEqual(['Walked before work and felt calmer']);
    expect(await texts('omar ocean')).toEqual(['Said no to a meeting: 100% worth it']);
    expect(await texts('nora@example')).toHaveLength(2);
    expect(await texts(prompt.title)).toEqual(['Walked before work and felt calmer']);
    expect((await list({ q: 'nothing-like-this' })).body).toMatchObject({ items: [], total: 0 });
  });

  it('takes % _ and \\ in a search literally', async () => {
    const texts = async (q: string) => (await list({ q })).body.items.map((r) => r.reflection_text);
    expect(await texts('100%')).toEqual(['Said no to a meeting: 100% worth it']);
    expect(await texts('%')).toEqual(['Said no to a meeting: 100% worth it']);
    expect(await texts('_')).toEqual(['Under_score and back\\slash stay literal']);
    expect(await texts('k\\s')).toEqual(['Under_score and back\\slash stay literal']);
  });

  it('pages, with the total of the search', async () => {
    const page = await list({ q: 'nora', page: '2', page_size: '1' });
    expect(page.body).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page.body.items.map((r) => r.reflection_text)).toEqual(['Walked before work and felt calmer']);
  });

  it('refuses an overlong search and bad paging with messages', async () => {
    const res = await list({ q: 'a'.repeat(201), page: '-1' });
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors).toEqual({
      page: ['Page must be between 1 and 10000'],
      q: ['Search must be less than 200 characters'],
    });
  });

  it('is for admins only', async () => {
    const refused = await answer(nora.api.admin.reflections.$get({ query: {} }));
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Omar');
    expect((await answer(server.client().api.admin.reflections.$get({ query: {} }))).status).toBe(401);
  });
});
