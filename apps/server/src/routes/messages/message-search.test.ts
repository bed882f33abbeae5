import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGE_SEARCH_MAX_LENGTH, MESSAGE_SEARCH_MAX_PAGE, MESSAGE_SEARCH_PAGE_SIZE } from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { memberConversationId } from '../../lib/chat/conversations';
import { insertMessages } from '../../test-support/messages';
import { snippetParts } from '../../lib/chat/message-search';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let member: TestClient;
let memberId: string;
let otherId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('coach@example.com', 'calm-river-42', 'Coach')).body.user.id;
  member = server.client();
  memberId = (await member.signUp('sam@example.com', 'calm-river-42', 'Sam Sleepless')).body.user.id;
  otherId = (await server.client().signUp('olga@example.com', 'calm-river-42', 'Olga Other')).body.user.id;
});
afterAll(() => server.close());

const search = (query: { q: string; page?: string }, as = admin) =>
  answer(as.api.admin.messages.search.$get({ query }));
const texts = (body: { results: { snippet: { text: string }[] }[] }) =>
  body.results.map((r) => r.snippet.map((p) => p.text).join(''));

/** Each message a minute after the last, from `start`. */
async function write(senderId: string, messages: string[], start: string, fromAdmin = false) {
  return insertMessages(
    server.database.db,
    messages.map((message, i) => ({
      senderId: fromAdmin ? adminId : senderId,
      recipientId: fromAdmin ? senderId : null,
      isAdminMessage: fromAdmin,
      message,
      createdAt: new Date(Date.parse(start) + i * 60_000),
    })),
  );
}

describe('search across messages', () => {
  it('finds words by their stem, best match first, newest first among equals, and says where each one is', async () => {
    const [once, , dense] = await write(
      memberId,
      [
        'I slept badly again and woke at four.',
        'Work was fine today, nothing to report.',
        'Sleep, sleep, sleep: all I think about is sleeping.',
      ],
      '2026-11-01T08:00:00Z',
    );
    const [reply] = await write(memberId, ['Try a sleep diary this week.'], '2026-11-01T09:00:00Z', true);

    const found = await search({ q: 'sleeping' });
    expect(found.status).toBe(200);
    // "slept" is another word to the English stemmer; sleep, sleeps and sleeping are one.
    expect(found.body.results.map((r) => r.message_id)).toEqual([dense!.id, reply!.id]);
    expect(found.body.results[1]).toMatchObject({
      conversation_id: await memberConversationId(server.database.db, memberId),
      customer_name: 'Sam Sleepless',
      author: 'coach',
      created_at: '2026-11-01T09:00:00.000Z',
    });
    expect(found.body.results[1]!.snippet).toEqual([
      { text: 'Try a ', match: false },
      { text: 'sleep', match: true },
      { text: ' diary this week.', match: false },
    ]);
    expect(found.body).toMatchObject({ page: 1, has_more: false });

    expect((await search({ q: 'SLEPT' })).body.results.map((r) => r.message_id)).toEqual([once!.id]);
  });

  it('understands quoted phrases, or and -word, and a search of stop words alone finds nothing', async () => {
    const [panic, calm] = await write(
      otherId,
      ['A panic attack on the train this morning.', 'The train was calm, no attack at all.'],
      '2026-11-02T08:00:00Z',
    );
    expect((await search({ q: '"panic attack"' })).body.results.map((r) => r.message_id)).toEqual([panic!.id]);
    expect((await search({ q: 'train -panic' })).body.results.map((r) => r.message_id)).toEqual([calm!.id]);
    const either = (await search({ q: 'panic or calm' })).body.results.map((r) => r.message_id);
    expect(either.sort()).toEqual([panic!.id, calm!.id].sort());
    expect((await search({ q: 'the and of' })).body).toEqual({ results: [], page: 1, has_more: false });
    // Characters with a meaning elsewhere are just text here.
    expect((await search({ q: "attack & ' | ! :* (" })).status).toBe(200);
  });

  it(`pages ${MESSAGE_SEARCH_PAGE_SIZE} at a time, every match once, in a stable order`, async () => {
    const count = MESSAGE_SEARCH_PAGE_SIZE + 5;
    const rows = await write(
      otherId,
      Array.from({ length: count }, (_, i) => `Breathing exercise number ${i}`),
      '2026-11-03T08:00:00Z',
    );
    const first = await search({ q: 'breathing' });
    expect(first.body.results).toHaveLength(MESSAGE_SEARCH_PAGE_SIZE);
    expect(first.body.has_more).toBe(true);
    const second = await search({ q: 'breathing', page: '2' });
    expect(second.body).toMatchObject({ page: 2, has_more: false });
    const ids = [...first.body.results, ...second.body.results].map((r) => r.message_id);
    // Equal ranks: newest first.
    expect(ids).toEqual(rows.map((r) => r.id).reverse());
    expect(texts(second.body).at(-1)).toBe('Breathing exercise number 0');
  });

  it('is for admins only, and refuses a bad search with a clear message', async () => {
    expect((await search({ q: 'sleep' }, member)).status).toBe(403);
    expect((await search({ q: 'sleep' }, server.client())).status).toBe(401);

    // An empty box finds nothing; it is no error.
    expect((await search({ q: '   ' })).body).toEqual({ results: [], page: 1, has_more: false });
    const long = await search({ q: 'x'.repeat(MESSAGE_SEARCH_MAX_LENGTH + 1) });
    expect(long.error.fieldErrors).toEqual({ q: [`Search must be at most ${MESSAGE_SEARCH_MAX_LENGTH} characters`] });
    const deep = await search({ q: 'sleep', page: String(MESSAGE_SEARCH_MAX_PAGE + 1) });
    expect(deep.status).toBe(400);
    expect(deep.error.fieldErrors).toEqual({ page: [`Page must be between 1 and ${MESSAGE_SEARCH_MAX_PAGE}`] });
    expect((await search({ q: 'sleep', page: 'two' })).error.fieldErrors).toEqual({ page: ['Page must be a number'] });
  });

  it('uses the full-text index for the match', async () => {
    // Few rows here: the planner is told to prefer the index, as it does by itself at scale (npm run bench:messages).
    const plan = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from chat_messages where search_vector @@ websearch_to_tsquery('english', 'sleep')`,
      );
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('chat_messages_search_idx');
  });
});

describe('a result excerpt', () => {
  it('is plain text pieces with the matched words marked, whatever the message holds', () => {
    expect(snippetParts('\uE000Sleep\uE001 <b>well</b> \uE000sleep\uE001')).toEqual([
      { text: 'Sleep', match: true },
      { text: ' <b>well</b> ', match: false },
      { text: 'sleep', match: true },
    ]);
    expect(snippetParts('no match here')).toEqual([{ text: 'no match here', match: false }]);
  });
});
