import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationChannel, INBOX_CHANNEL, type ConversationFilter, type ConversationSort } from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { betaSeats } from '../../db/schema';
import { memberConversationId } from '../../lib/chat/conversations';
import { insertMessages } from '../../test-support/messages';
import { RealtimeTestClient } from '../../test-support/realtime-client';

/**
 * Who answers a conversation (decision 061): assignment to a coach, the
 * inbox's Mine / Unassigned / All filters, the "waiting longest" order, and
 * the coach's name on replies (full to the team, first name to the member).
 */

let server: TestServer;
let anna: TestClient;
let annaId: string;
let ben: TestClient;
let benId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'anna@example.com,ben@example.com' });
  anna = server.client();
  annaId = (await anna.signUp('anna@example.com', 'calm-river-42', 'Anna Lindqvist')).body.user.id;
  ben = server.client();
  benId = (await ben.signUp('ben@example.com', 'calm-river-42', 'Ben Okafor')).body.user.id;
});
afterAll(() => server.close());

let seq = 0;
async function member(name: string) {
  const client = server.client();
  const id: string = (await client.signUp(`assigned${++seq}-${Date.now()}@example.com`, 'calm-river-42', name)).body
    .user.id;
  await server.database.db.insert(betaSeats).values({ userId: id });
  return { client, id, conversationId: await memberConversationId(server.database.db, id) };
}

type ListQuery = { search?: string; filter?: ConversationFilter; sort?: ConversationSort };
const list = (as: TestClient, query: ListQuery) => answer(as.api.admin.conversations.$get({ query }));
const assign = (as: TestClient, conversationId: string, coachId: string | null) =>
  answer(
    as.api.admin.conversations[':conversationId'].assignee.$put({
      param: { conversationId },
      json: { coach_id: coachId },
    }),
  );
const names = (body: { items: { customer_name: string }[] }) => body.items.map((i) => i.customer_name);

/** A member's message at a chosen time, or a coach's reply (Anna's) to them. */
const write = (memberId: string, at: string, fromCoach = false) =>
  insertMessages(server.database.db, {
    senderId: fromCoach ? annaId : memberId,
    recipientId: fromCoach ? memberId : null,
    isAdminMessage: fromCoach,
    createdAt: new Date(at),
  });

describe('assigning a conversation', () => {
  it('names the coach in the list and the header, and filters Mine / Unassigned / All per viewer', async () => {
    const one = await member('Filterton One');
    const two = await member('Filterton Two');
    const three = await member('Filterton Three');
    for (const m of [one, two, three]) await write(m.id, '2026-11-01T10:00:00Z');

    const assigned = await assign(anna, one.conversationId, annaId);
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignee).toEqual({ id: annaId, name: 'Anna Lindqvist' });
    expect((await assign(ben, two.conversationId, benId)).status).toBe(200);

    const search = 'Filterton';
    expect(names((await list(anna, { search, filter: 'mine' })).body)).toEqual(['Filterton One']);
    expect(names((await list(ben, { search, filter: 'mine' })).body)).toEqual(['Filterton Two']);
    expect(names((await list(anna, { search, filter: 'unassigned' })).body)).toEqual(['Filterton Three']);
    const all = await list(ben, { search, filter: 'all' });
    expect(all.body.total).toBe(3);
    expect(all.body.items.find((i) => i.customer_name === 'Filterton One')!.assignee).toEqual({
      id: annaId,
      name: 'Anna Lindqvist',
    });
    expect(all.body.items.find((i) => i.customer_name === 'Filterton Three')!.assignee).toBeNull();

    // Unassigning puts it back with nobody's.
    expect((await assign(anna, one.conversationId, null)).body.assignee).toBeNull();
    // (Same times: their order is by id.)
    expect(names((await list(anna, { search, filter: 'unassigned' })).body).sort()).toEqual([
      'Filterton One',
      'Filterton Three',
    ]);
  });

  it('lists the team to assign to, and refuses members, unknown coaches and bad filters with a clear 4xx', async () => {
    const coaches = await answer(ben.api.admin.conversations.coaches.$get());
    expect(coaches.status).toBe(200);
    expect(coaches.body.coaches).toEqual(
      expect.arrayContaining([
        { id: annaId, name: 'Anna Lindqvist' },
        { id: benId, name: 'Ben Okafor' },
      ]),
    );

    const someone = await member('Refused Rita');
    await write(someone.id, '2026-11-01T10:00:00Z');
    // A member is no coach: neither to assign to, nor allowed to assign.
    const toMember = await assign(anna, someone.conversationId, someone.id);
    expect(toMember.status).toBe(400);
    expect(toMember.body).toMatchObject({ error: 'Only an active admin can be assigned a conversation' });
    expect((await assign(someone.client, someone.conversationId, someone.id)).status).toBe(403);
    expect((await answer(someone.client.api.admin.conversations.coaches.$get())).status).toBe(403);
    // No such conversation.
    expect((await assign(anna, '00000000-0000-4000-8000-000000000000', annaId)).status).toBe(404);

    const badFilter = await anna.get('/api/admin/conversations?filter=theirs');
    expect(badFilter.status).toBe(400);
    expect(JSON.stringify(badFilter.body)).toContain('Filter must be all, mine or unassigned');
    const badSort = await anna.get('/api/admin/conversations?sort=oldest');
    expect(badSort.status).toBe(400);
    const badBody = await anna.put(`/api/admin/conversations/${someone.conversationId}/assignee`, {
      coach: annaId,
    });
    expect(badBody.status).toBe(400);
  });

  it('tells every admin inbox when an assignment changes', async () => {
    const watched = await member('Realtime Rowan');
    await write(watched.id, '2026-11-01T10:00:00Z');
    const socket = await RealtimeTestClient.connect(server.url, { cookie: ben.cookieHeader() });
    try {
      expect((await socket.join(INBOX_CHANNEL)).type).toBe('joined');
      await assign(anna, watched.conversationId, annaId);
      expect(await socket.next((f) => f.type === 'inbox_changed', 'the inbox told of the assignment')).toBeDefined();
    } finally {
      await socket.close();
    }
  });
});

describe('the waiting-longest order', () => {
  it('puts the person who has waited longest since the last reply first, and nobody waiting last', async () => {
    // Answered at 08:30, nothing since: not waiting.
    const answered = await member('Waitwell Answered');
    await write(answered.id, '2026-11-02T08:00:00Z');
    await write(answered.id, '2026-11-02T08:30:00Z', true);
    // Answered at 09:05, wrote again at 10:00 and 10:30: waiting since 10:00.
    const again = await member('Waitwell Again');
    await write(again.id, '2026-11-02T09:00:00Z');
    await write(again.id, '2026-11-02T09:05:00Z', true);
    await write(again.id, '2026-11-02T10:00:00Z');
    await write(again.id, '2026-11-02T10:30:00Z');
    // Never answered, wrote at 09:30: waiting since 09:30.
    const never = await member('Waitwell Never');
    await write(never.id, '2026-11-02T09:30:00Z');

    const waiting = await list(anna, { search: 'Waitwell', sort: 'waiting' });
    expect(waiting.status).toBe(200);
    expect(names(waiting.body)).toEqual(['Waitwell Never', 'Waitwell Again', 'Waitwell Answered']);
    expect(waiting.body.items.map((i) => i.waiting_since)).toEqual([
      '2026-11-02T09:30:00.000Z',
      '2026-11-02T10:00:00.000Z',
      null,
    ]);
    // The spec's order is unchanged: most unread first.
    expect(names((await list(anna, { search: 'Waitwell' })).body)[0]).toBe('Waitwell Again');

    // A coach's reply ends the wait.
    const reply = await answer(
      anna.api.admin.conversations[':conversationId'].messages.$post({
        param: { conversationId: never.conversationId },
        json: { message: 'Here now.' },
      }),
    );
    expect(reply.status).toBe(201);
    const after = await list(anna, { search: 'Waitwell', sort: 'waiting' });
    expect(names(after.body)[0]).toBe('Waitwell Again');
    expect(after.body.items.find((i) => i.customer_name === 'Waitwell Never')!.waiting_since).toBeNull();
  });
});

describe("the coach's name on replies", () => {
  it('shows the team the full name and the member the first name, in pages, answers and realtime frames', async () => {
    const m = await member('Named Nora');
    const channel = conversationChannel(m.conversationId);
    const adminSocket = await RealtimeTestClient.connect(server.url, { cookie: ben.cookieHeader() });
    const memberSocket = await RealtimeTestClient.connect(server.url, { cookie: m.client.cookieHeader() });
    try {
      expect((await adminSocket.join(channel)).type).toBe('joined');
      expect((await memberSocket.join(channel)).type).toBe('joined');
      const sent = await answer(
        anna.api.admin.conversations[':conversationId'].messages.$post({
          param: { conversationId: m.conversationId },
          json: { message: 'Hello Nora, I am here.' },
        }),
      );
      expect(sent.status).toBe(201);
      expect(sent.body.author_name).toBe('Anna Lindqvist');

      const toAdmin = await adminSocket.next(
        (f) => f.type === 'message' && f.message.id === sent.body.id,
        "the reply on Ben's socket",
      );
      const toMember = await memberSocket.next(
        (f) => f.type === 'message' && f.message.id === sent.body.id,
        "the reply on the member's socket",
      );
      expect(toAdmin.type === 'message' && toAdmin.message).toMatchObject({
        author_name: 'Anna Lindqvist',
        author_id: annaId,
      });
      expect(toMember.type === 'message' && toMember.message).toMatchObject({ author_name: 'Anna', author_id: null });

      const adminPage = await answer(
        ben.api.admin.conversations[':conversationId'].messages.$get({
          param: { conversationId: m.conversationId },
          query: {},
        }),
      );
      expect(adminPage.body.messages.at(-1)).toMatchObject({ author_name: 'Anna Lindqvist' });
      const memberPage = await answer(m.client.api.me.messages.$get({ query: {} }));
      expect(memberPage.body.messages.at(-1)).toMatchObject({ author_name: 'Anna', author_id: null });

      // The member's own messages name nobody.
      const own = await answer(m.client.api.me.messages.$post({ json: { message: 'Thank you' } }));
      expect(own.body.author_name).toBeNull();
    } finally {
      await adminSocket.close();
      await memberSocket.close();
    }
  });
});
