import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT_MEMBER_SENDS_PER_MINUTE, CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, TRIAL_EXPIRED_CODE } from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { betaSeats, chatMessages, profiles, users } from '../../db/schema';
import { createContactConversation, memberConversationId } from '../../lib/chat/conversations';
import { insertMessages } from '../../test-support/messages';

let server: TestServer;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach@example.com,leaving-coach@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('coach@example.com', 'calm-river-42', 'Coach')).body.user.id;
});
afterAll(() => server.close());

let seq = 0;
/** A signed-in member with a name of our choosing, holding a Free Beta Access place so sending is not about the trial. */
async function member(name: string) {
  const client = server.client();
  const id: string = (await client.signUp(`member${++seq}-${Date.now()}@example.com`, 'calm-river-42', name)).body.user
    .id;
  await server.database.db.insert(betaSeats).values({ userId: id });
  return { client, id, conversationId: await conversationOf(id) };
}

/** The member's conversation id (decision 052): what the admin routes and channels are keyed by. */
const conversationOf = (memberId: string) => memberConversationId(server.database.db, memberId);

/** The admin's conversation list, one conversation's header and page, a reply and a read mark, through the typed client. */
const listConversations = (query: { search?: string; page?: string } = {}, as = admin) =>
  answer(as.api.admin.conversations.$get({ query }));
const headerOf = (conversationId: string) =>
  answer(admin.api.admin.conversations[':conversationId'].$get({ param: { conversationId } }));
const adminPage = (conversationId: string, query: { before?: string; after?: string } = {}, as = admin) =>
  answer(as.api.admin.conversations[':conversationId'].messages.$get({ param: { conversationId }, query }));
const replyTo = (conversationId: string, message: string, as = admin) =>
  answer(
    as.api.admin.conversations[':conversationId'].messages.$post({ param: { conversationId }, json: { message } }),
  );
const markRead = (conversationId: string) =>
  answer(admin.api.admin.conversations[':conversationId'].read.$post({ param: { conversationId } }));
const send = (client: TestClient, json: { message: string; client_id?: string }) =>
  answer(client.api.me.messages.$post({ json }));
const myPage = (client: TestClient) => answer(client.api.me.messages.$get({ query: {} }));
const deleteAccount = (client: TestClient) =>
  answer(client.api.me.account.$delete({ json: { password: 'calm-river-42', confirmation: 'DELETE' } }));

/** Rows written straight to the table, at chosen times: the list's order and counts depend on them. */
async function seed(memberId: string, rows: { at: string; fromAdmin?: boolean; read?: boolean; text?: string }[]) {
  await insertMessages(
    server.database.db,
    rows.map((r, i) => ({
      message: r.text ?? `message ${i}`,
      senderId: r.fromAdmin ? adminId : memberId,
      recipientId: r.fromAdmin ? memberId : null,
      isAdminMessage: !!r.fromAdmin,
      readAt: r.read ? new Date(r.at) : null,
      createdAt: new Date(r.at),
    })),
  );
}

describe('the admin conversation list', () => {
  it('orders by unread count then latest message, with counters over every conversation, and searches by name', async () => {
    const quiet = await member('Quinn Quiet');
    const busy = await member('Bea Busy');
    const recent = await member('Rosa Recent');
    const answered = await member('Ada Answered');
    await seed(quiet.id, [{ at: '2026-11-01T10:00:00Z' }]);
    await seed(busy.id, [
      { at: '2026-11-01T09:00:00Z' },
      { at: '2026-11-01T09:01:00Z' },
      { at: '2026-11-01T09:02:00Z' },
    ]);
    await seed(recent.id, [{ at: '2026-11-02T10:00:00Z' }]);
    await seed(answered.id, [
      { at: '2026-11-03T10:00:00Z', read: true },
      { at: '2026-11-03T11:00:00Z', fromAdmin: true, text: 'Glad to hear it' },
    ]);

    const res = await listConversations();
    expect(res.status).toBe(200);
    const names = res.body.items.map((i) => i.customer_name);
    // Three unread first; then one unread each, the later first; then nothing unread.
    expect(names).toEqual(['Bea Busy', 'Rosa Recent', 'Quinn Quiet', 'Ada Answered']);
    expect(res.body.items[0]).toMatchObject({ last_message_author: 'member', last_message_coach: null });
    expect(res.body.items[0]).toMatchObject({
      conversation_id: busy.conversationId,
      customer_id: busy.id,
      unread_count: 3,
      customer_credits: 15,
      // The plan the member holds, as their own screens show it (decision 065).
      customer_plan: 'Free Beta Access',
    });
    expect(res.body.items[3]).toMatchObject({
      last_message: 'Glad to hear it',
      is_last_message_from_admin: true,
      last_message_author: 'coach',
      last_message_coach: { id: adminId, name: 'Coach' },
      unread_count: 0,
      last_message_at: '2026-11-03T11:00:00.000Z',
    });
    expect(res.body).toMatchObject({
      total: 4,
      total_customers: 4,
      unread_messages: 5,
      active_conversations: 3,
      page: 1,
    });

    const found = await listConversations({ search: 'bUSy' });
    expect(found.body.items.map((i) => i.customer_name)).toEqual(['Bea Busy']);
    // The counters stay those of every conversation.
    expect(found.body).toMatchObject({ total: 1, total_customers: 4, unread_messages: 5 });
    const none = await listConversations({ search: '%' });
    expect(none.body.items).toEqual([]);
    expect((await listConversations({ page: '2' })).body).toMatchObject({
      items: [],
      total: 4,
    });
    expect((await listConversations({ page: '0' })).status).toBe(400);
  });

  it('follows deletions: a removed coach account takes its replies, a removed member their conversation', async () => {
    const { id } = await member('Dora Deleted');
    const coach = server.client();
    const coachId: string = (await coach.signUp(`coach-${Date.now()}@example.com`)).body.user.id;
    await seed(id, [{ at: '2026-11-06T10:00:00Z', text: 'Before the reply' }]);
    await insertMessages(server.database.db, {
      message: 'A reply from a coach who leaves',
      senderId: coachId,
      recipientId: id,
      isAdminMessage: true,
      createdAt: new Date('2026-11-06T11:00:00Z'),
    });
    const row = async () => (await listConversations({ search: 'Dora' })).body.items[0];
    expect(await row()).toMatchObject({ last_message: 'A reply from a coach who leaves', unread_count: 1 });
    await server.database.db.delete(users).where(eq(users.id, coachId));
    expect(await row()).toMatchObject({
      last_message: 'Before the reply',
      is_last_message_from_admin: false,
      unread_count: 1,
    });
    await server.database.db.delete(users).where(eq(users.id, id));
    expect(await row()).toBeUndefined();
  });

  it('is for admins only', async () => {
    const { client } = await member('Nosy Member');
    expect((await listConversations({}, client)).status).toBe(403);
    expect((await listConversations({}, server.client())).status).toBe(401);
  });
});

describe('a conversation', () => {
  it('pages back 30 at a time, oldest first, and catches up after a message', async () => {
    const { id, conversationId } = await member('Paging Person');
    const start = Date.parse('2026-10-01T00:00:00Z');
    await seed(
      id,
      Array.from({ length: 65 }, (_, i) => ({ at: new Date(start + i * 60_000).toISOString(), text: `m${i}` })),
    );
    const newest = await adminPage(conversationId);
    expect(newest.body.messages.map((m) => m.message)).toEqual(Array.from({ length: 30 }, (_, i) => `m${35 + i}`));
    expect(newest.body.has_more).toBe(true);
    const older = await adminPage(conversationId, { before: newest.body.messages[0]!.id });
    expect(older.body.messages.map((m) => m.message)).toEqual(
      Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => `m${5 + i}`),
    );
    const oldest = await adminPage(conversationId, { before: older.body.messages[0]!.id });
    expect(oldest.body).toMatchObject({ has_more: false });
    expect(oldest.body.messages.map((m) => m.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);

    const after = await adminPage(conversationId, { after: older.body.messages[29]!.id });
    expect(after.body.messages.map((m) => m.message)).toEqual(newest.body.messages.map((m) => m.message));
    expect(after.body.has_more).toBe(false);

    // A cursor from another conversation is refused, not silently mixed in.
    const other = await member('Other Person');
    await seed(other.id, [{ at: '2026-10-01T00:00:00Z' }]);
    const [foreign] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.senderId, other.id));
    const refused = await adminPage(conversationId, { before: foreign!.id });
    expect(refused.status).toBe(400);
    expect((await adminPage(conversationId, { before: 'nope' })).status).toBe(400);
  });

  it('shows the customer, or Customer not found', async () => {
    const { id, conversationId } = await member('Header Person');
    const header = {
      conversation_id: conversationId,
      customer_id: id,
      customer_name: 'Header Person',
      customer_credits: 15,
      customer_plan: 'Free Beta Access',
      whatsapp: null,
      coach: { state: 'on', urgent_since: null, risk_level: 'none', risk_categories: [], draft: null },
      assignee: null,
    };
    expect((await headerOf(conversationId)).body).toEqual(header);
    // Opened from the member's id (the Users screen): the same conversation.
    expect(
      (await answer(admin.api.admin.members[':memberId'].conversation.$get({ param: { memberId: id } }))).body,
    ).toEqual(header);
    const missing = await answer(
      admin.api.admin.members[':memberId'].conversation.$get({ param: { memberId: 'nobody' } }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Customer not found' });
    const nowhere = crypto.randomUUID();
    const gone = await headerOf(nowhere);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Conversation not found' });
    expect((await replyTo(nowhere, 'Hi')).status).toBe(404);
    expect((await headerOf('nobody')).status).toBe(400);
  });

  it('marks read only that member’s unread messages, and the member reads the replies', async () => {
    const one = await member('Reader One');
    const two = await member('Reader Two');
    await seed(one.id, [
      { at: '2026-11-05T10:00:00Z' },
      { at: '2026-11-05T10:01:00Z' },
      { at: '2026-11-05T09:00:00Z', read: true },
    ]);
    await seed(two.id, [{ at: '2026-11-05T10:02:00Z' }]);
    const reply = await replyTo(one.conversationId, 'Hello');

    const marked = await markRead(one.conversationId);
    expect(marked.body).toEqual({ marked: 2 });
    const rows = await server.database.db.select().from(chatMessages);
    const unread = (conversationId: string, fromAdmin: boolean) =>
      rows.filter(
        (r) => r.conversationId === conversationId && (r.authorKind !== 'member') === fromAdmin && r.readAt === null,
      ).length;
    expect(unread(one.conversationId, false)).toBe(0);
    // The other member's message, and the admin's own reply, are untouched.
    expect(unread(two.conversationId, false)).toBe(1);
    expect(rows.find((r) => r.id === reply.body.id)!.readAt).toBeNull();
    expect((await markRead(one.conversationId)).body).toEqual({ marked: 0 });

    expect((await answer(one.client.api.me.messages.read.$post())).body).toEqual({ marked: 1 });
    const page = await myPage(one.client);
    expect(page.body.messages.find((m) => m.id === reply.body.id)!.read_at).not.toBeNull();
  });
});

describe('sending', () => {
  it('keeps an HTML payload as the same text, and the member sees their conversation', async () => {
    const { client, id, conversationId } = await member('Html Person');
    const text = '<img src=x onerror="alert(1)"> & <b>bold</b>\nsecond line';
    const sent = await send(client, { message: `  ${text}  ` });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ member_id: id, message: text, is_admin_message: false, read_at: null });
    const page = await myPage(client);
    expect(page.body.messages.map((m) => m.message)).toEqual([text]);
    const seen = await adminPage(conversationId);
    expect(seen.body.messages[0]!.message).toBe(text);

    const reply = await replyTo(conversationId, 'Hi <there>');
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ member_id: id, message: 'Hi <there>', is_admin_message: true });
    const [row] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.id, reply.body.id));
    expect(row).toMatchObject({ senderId: adminId, conversationId, authorKind: 'coach', messageType: 'text' });
    expect((await myPage(client)).body.messages.map((m) => m.message)).toEqual([text, 'Hi <there>']);
    // The dashboard's recent messages still see the conversation.
    const analytics = await answer(client.api.me.analytics.$get());
    expect(analytics.status).toBe(200);
  });

  it('refuses blank, missing and over-long messages with a 400', async () => {
    const { client, conversationId } = await member('Limits Person');
    for (const message of ['', '   \n\t ', undefined, 42]) {
      // A missing or numeric message is a body the typed client refuses to build: sent raw.
      const res = await client.post('/api/me/messages', message === undefined ? {} : { message });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.message).toBeDefined();
    }
    const longest = 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH);
    expect((await send(client, { message: longest })).status).toBe(201);
    const tooLong = await send(client, { message: `${longest}a` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error.fieldErrors!.message).toEqual([
      `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
    ]);
    expect((await replyTo(conversationId, ' ')).status).toBe(400);
  });

  it(`lets a member send ${CHAT_MEMBER_SENDS_PER_MINUTE} messages a minute, then answers 429`, async () => {
    const { client } = await member('Fast Typist');
    for (let i = 0; i < CHAT_MEMBER_SENDS_PER_MINUTE; i++) {
      expect((await send(client, { message: `n${i}` })).status).toBe(201);
    }
    const refused = await send(client, { message: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The limit is this member's, not everyone's.
    expect((await send((await member('Slow Typist')).client, { message: 'hi' })).status).toBe(201);
  });

  it('follows the entitlement rule: the first message spends the trial; a spent, ended trial is refused', async () => {
    const client = server.client();
    const id: string = (await client.signUp(`trial-${Date.now()}@example.com`)).body.user.id;
    expect((await send(client, { message: 'Hello coach' })).status).toBe(201);
    const [profile] = await server.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.trialConversationsUsed).toBe(1);
    // Within the trial conversation: more messages are the same conversation.
    expect((await send(client, { message: 'And another thing' })).status).toBe(201);

    await server.database.db
      .update(profiles)
      .set({ trialConversationStartedAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(profiles.id, id));
    const refused = await send(client, { message: 'Still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "You've used your free trial conversation. Please choose a subscription plan to continue.",
      code: TRIAL_EXPIRED_CODE,
    });
    // Reading stays open.
    expect((await myPage(client)).body.messages).toHaveLength(2);
  });

  it('keeps signed-out visitors out', async () => {
    const anonymous = server.client();
    expect((await myPage(anonymous)).status).toBe(401);
    expect((await send(anonymous, { message: 'hi' })).status).toBe(401);
  });
});

describe('a coach who leaves', () => {
  it('leaves their replies in members’ conversations, shown as from the coaching team', async () => {
    const leaving = server.client();
    await leaving.signUp('leaving-coach@example.com', 'calm-river-42', 'Leaving Coach');
    const { client, id, conversationId } = await member('Mina Kept');
    expect((await send(client, { message: 'Is anyone there?' })).status).toBe(201);
    const reply = await replyTo(conversationId, 'Always. Tell me more.', leaving);
    expect(reply.status).toBe(201);
    expect(reply.body.sender_left).toBe(false);
    expect((await send(client, { message: 'Thank you' })).status).toBe(201);

    const deleted = await deleteAccount(leaving);
    expect(deleted.status).toBe(204);

    // The member still reads the whole conversation, the reply signed by the team.
    const mine = await myPage(client);
    expect(mine.body.messages.map((m) => [m.message, m.is_admin_message, m.sender_left])).toEqual([
      ['Is anyone there?', false, false],
      ['Always. Tell me more.', true, true],
      ['Thank you', false, false],
    ]);
    // So does every other admin, and the inbox still lists the conversation.
    const theirs = await adminPage(conversationId);
    expect(theirs.body.messages.find((m) => m.id === reply.body.id)).toMatchObject({ sender_left: true });
    const list = await listConversations({ search: 'Mina' });
    expect(list.body.items).toMatchObject([{ customer_id: id, last_message: 'Thank you' }]);
    const [row] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.id, reply.body.id));
    expect(row).toMatchObject({ senderId: null, conversationId, authorKind: 'coach' });
  });

  it('still takes a member’s own messages with them, and the replies to them', async () => {
    const { client, conversationId } = await member('Lou Leaving');
    await send(client, { message: 'Goodbye' });
    await replyTo(conversationId, 'Take care');
    const deleted = await deleteAccount(client);
    expect(deleted.status).toBe(204);
    expect(
      await server.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)),
    ).toEqual([]);
  });
});

describe('a conversation with no member (a contact on another channel)', () => {
  it('is listed under its label, opened and replied to; the reply is kept', async () => {
    const db = server.database.db;
    const labelled = await createContactConversation(db, 'Zed on WhatsApp');
    const unlabelled = await createContactConversation(db, null);
    for (const [conversationId, text, at] of [
      [labelled, 'Hello from a number', '2026-11-07T10:00:00Z'],
      [unlabelled, 'Who is this?', '2026-11-07T10:01:00Z'],
    ] as const) {
      await db.insert(chatMessages).values({
        conversationId,
        authorKind: 'member',
        channel: 'whatsapp',
        senderId: null,
        message: text,
        createdAt: new Date(at),
      });
    }
    const list = await listConversations({ search: 'Zed' });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        conversation_id: labelled,
        customer_id: null,
        customer_name: 'Zed on WhatsApp',
        customer_credits: null,
        unread_count: 1,
        last_message: 'Hello from a number',
      }),
    ]);
    const unknown = await listConversations({ search: 'Unknown contact' });
    expect(unknown.body.items.map((i) => i.conversation_id)).toEqual([unlabelled]);

    expect((await headerOf(labelled)).body).toEqual({
      conversation_id: labelled,
      customer_id: null,
      customer_name: 'Zed on WhatsApp',
      customer_credits: null,
      customer_plan: null,
      whatsapp: null,
      coach: { state: 'on', urgent_since: null, risk_level: 'none', risk_categories: [], draft: null },
      assignee: null,
    });
    const reply = await replyTo(labelled, 'Hi Zed');
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ conversation_id: labelled, member_id: null, author: 'coach' });
    expect((await markRead(labelled)).body).toEqual({ marked: 1 });
    const page = await adminPage(labelled);
    expect(page.body.messages.map((m) => [m.message, m.is_admin_message, m.channel])).toEqual([
      ['Hello from a number', false, 'whatsapp'],
      ['Hi Zed', true, 'web'],
    ]);
  });

  it('is not readable by a member, nor another member’s conversation by its id', async () => {
    const nosy = await member('Nosy Neighbour');
    const other = await member('Private Person');
    const contact = await createContactConversation(server.database.db, 'Someone');
    for (const conversationId of [other.conversationId, contact]) {
      expect((await adminPage(conversationId, {}, nosy.client)).status).toBe(403);
      expect((await replyTo(conversationId, 'x', nosy.client)).status).toBe(403);
    }
    // Their own page names only their own conversation.
    expect((await myPage(nosy.client)).body.conversation_id).toBe(nosy.conversationId);
  });
});

describe('client ids', () => {
  it('echoes the client id, and a resend with it answers the stored message instead of a second one', async () => {
    const { client, conversationId } = await member('Resending Person');
    const first = await send(client, { message: 'Once', client_id: 'tmp-42' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ client_id: 'tmp-42', conversation_id: conversationId });
    const again = await send(client, { message: 'Once', client_id: 'tmp-42' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await myPage(client)).body.messages).toHaveLength(1);
    for (const client_id of ['', 'has space', 'x'.repeat(65), 'semi;colon', 7]) {
      // A numeric client_id is a body the typed client refuses to build: sent raw.
      const refused = await client.post('/api/me/messages', { message: 'Bad id', client_id });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors.client_id).toBeDefined();
    }
  });
});
