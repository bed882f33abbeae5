import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationChannel, INBOX_CHANNEL, REALTIME_CLOSE, type RealtimeServerFrame } from '@app/shared';
import { betaSeats } from '../../db/schema';
import { createContactConversation } from '../../lib/chat/conversations';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { RealtimeTestClient, UpgradeRefused } from '../../test-support/realtime-client';

let server: TestServer;
let admin: TestClient;
const sockets: RealtimeTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach@example.com' });
  admin = server.client();
  await admin.signUp('coach@example.com', 'calm-river-42', 'Coach');
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  await server.close();
});

/** A coach's reply in a conversation, as the admin Messages screen sends it. */
const replyTo = (conversationId: string, message: string) =>
  answer(
    admin.api.admin.conversations[':conversationId'].messages.$post({ param: { conversationId }, json: { message } }),
  );

let seq = 0;
async function member() {
  const client = server.client();
  const id: string = (await client.signUp(`rt${++seq}-${Date.now()}@example.com`)).body.user.id;
  await server.database.db.insert(betaSeats).values({ userId: id });
  // The member's conversation, as the chat reads it (decision 052): its id names the channel.
  const conversationId = (await answer(client.api.me.messages.$get({ query: {} }))).body.conversation_id;
  return { client, id, conversationId };
}

async function connect(client: TestClient, origin?: string | null) {
  const socket = await RealtimeTestClient.connect(server.url, { cookie: client.cookieHeader(), origin });
  sockets.push(socket);
  return socket;
}

const messageFrame = (id: string) => (f: RealtimeServerFrame) => f.type === 'message' && f.message.id === id;

describe('connecting', () => {
  it('refuses a visitor without a session before any upgrade', async () => {
    const refused = await RealtimeTestClient.connect(server.url).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpgradeRefused);
    expect((refused as UpgradeRefused).status).toBe(401);
  });

  it('refuses a page of another site, even with the session cookie', async () => {
    const { client } = await member();
    const refused = await connect(client, 'https://evil.example').catch((e: unknown) => e);
    expect((refused as UpgradeRefused).status).toBe(403);
  });

  it('answers a plain request that does not ask for an upgrade with 426', async () => {
    const { client } = await member();
    // The upgrade route is not in AppType (a WebSocket, not JSON): the raw client asks it plainly.
    expect((await client.get('/api/realtime')).status).toBe(426);
  });
});

describe('channels', () => {
  it('lets a member join only their own conversation', async () => {
    const me = await member();
    const other = await member();
    const socket = await connect(me.client);
    expect(await socket.join(conversationChannel(me.conversationId))).toMatchObject({ type: 'joined' });
    expect(await socket.join(conversationChannel(other.conversationId))).toMatchObject({
      type: 'error',
      channel: `conversation:${other.conversationId}`,
    });
    // Nor by the other member's id, nor a contact's conversation that has no member.
    expect(await socket.join(conversationChannel(other.id))).toMatchObject({ type: 'error' });
    const contact = await createContactConversation(server.database.db, 'A number on another channel');
    expect(await socket.join(conversationChannel(contact))).toMatchObject({ type: 'error' });
    expect(await socket.join(INBOX_CHANNEL)).toMatchObject({ type: 'error' });
    expect(await socket.join('lobby')).toMatchObject({ type: 'error' });
    socket.send('not json');
    expect(
      await socket.next((f) => f.type === 'error' && f.ref === undefined, 'the error for a bad frame'),
    ).toMatchObject({
      reason: 'Frame not understood',
    });
    expect(await socket.heartbeat()).toMatchObject({ type: 'heartbeat' });
  });

  it('lets an admin join the inbox and any conversation', async () => {
    const { conversationId } = await member();
    const socket = await connect(admin);
    expect(await socket.join(INBOX_CHANNEL)).toMatchObject({ type: 'joined', channel: 'inbox' });
    expect(await socket.join(conversationChannel(conversationId))).toMatchObject({ type: 'joined' });
  });
});

describe('delivery', () => {
  it('delivers a message sent over HTTP exactly once to each joined socket, and tells the inbox', async () => {
    const { client, conversationId } = await member();
    const mine = await connect(client);
    await mine.join(conversationChannel(conversationId));
    const coach = await connect(admin);
    await coach.join(conversationChannel(conversationId));
    await coach.join(INBOX_CHANNEL);
    const bystander = await connect((await member()).client);

    const sent = await answer(client.api.me.messages.$post({ json: { message: '<b>hello</b>' } }));
    expect(sent.status).toBe(201);
    for (const socket of [mine, coach]) {
      const frame = await socket.next(messageFrame(sent.body.id), 'the message');
      expect(frame).toEqual({ type: 'message', channel: `conversation:${conversationId}`, message: sent.body });
    }
    await coach.next((f) => f.type === 'inbox_changed', 'inbox_changed');

    const reply = await replyTo(conversationId, 'Hi!');
    await mine.next(messageFrame(reply.body.id), 'the reply');
    await answer(client.api.me.messages.read.$post());
    const read = await coach.next((f) => f.type === 'read', 'the read marker');
    expect(read).toMatchObject({
      conversation_id: conversationId,
      reader: 'member',
      channel: `conversation:${conversationId}`,
    });

    // Everything sent before the heartbeat echo has arrived: nothing twice, nothing to the bystander.
    for (const socket of [mine, coach, bystander]) await socket.heartbeat();
    const count = (socket: RealtimeTestClient, messageId: string) =>
      socket.frames.filter((f) => f.type === 'message' && f.message.id === messageId).length;
    expect([count(mine, sent.body.id), count(coach, sent.body.id), count(mine, reply.body.id)]).toEqual([1, 1, 1]);
    expect(bystander.frames.filter((f) => f.type === 'message')).toEqual([]);
  });

  it('stops delivering after leave', async () => {
    const { client, conversationId } = await member();
    const socket = await connect(client);
    await socket.join(conversationChannel(conversationId));
    socket.send({ type: 'leave', channel: conversationChannel(conversationId), ref: 'bye' });
    await socket.next((f) => f.type === 'left' && f.ref === 'bye', 'left');
    const sent = await replyTo(conversationId, 'Anyone?');
    // A second socket still joined proves the event went out before we look.
    const watcher = await connect(admin);
    await watcher.join(conversationChannel(conversationId));
    const again = await replyTo(conversationId, 'Again');
    await watcher.next(messageFrame(again.body.id), 'the second message');
    await socket.heartbeat();
    expect(
      socket.frames.some((f) => f.type === 'message' && [sent.body.id, again.body.id].includes(f.message.id)),
    ).toBe(false);
  });
});

describe('a session that ends closes its sockets at once', () => {
  it('when an admin deactivates the member', async () => {
    const { client, id, conversationId } = await member();
    const socket = await connect(client);
    await socket.join(conversationChannel(conversationId));
    expect(
      (await answer(admin.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: false } }))).status,
    ).toBe(200);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('when the member signs out, leaving their other signed-in browser connected', async () => {
    const email = `rt-two-${Date.now()}@example.com`;
    const first = server.client();
    await first.signUp(email);
    const second = server.client();
    await second.signIn(email);
    const leaving = await connect(first);
    const staying = await connect(second);
    await first.signOut();
    expect((await leaving.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(await staying.heartbeat()).toMatchObject({ type: 'heartbeat' });
  });

  it('when the password is changed: every socket of the account, the changing browser reconnecting with its new session', async () => {
    const email = `rt-pw-${Date.now()}@example.com`;
    const here = server.client();
    await here.signUp(email);
    const elsewhere = server.client();
    await elsewhere.signIn(email);
    const signedOut = await connect(here);
    const changing = await connect(elsewhere);
    const changed = await elsewhere.post('/api/auth/change-password', {
      currentPassword: 'calm-river-42',
      newPassword: 'quiet-forest-73-lantern',
    });
    expect(changed.status).toBe(200);
    expect((await signedOut.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    // better-auth replaces the changing browser's session too (a new cookie): its old socket ends with it.
    expect((await changing.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    const again = await connect(elsewhere);
    expect(await again.heartbeat()).toMatchObject({ type: 'heartbeat' });
    expect(await connect(here).catch((e: unknown) => e)).toBeInstanceOf(UpgradeRefused);
  });

  it('when an admin loses the admin role', async () => {
    const { client, id } = await member();
    await client.enrolSecondFactor(); // an admin needs a second factor (decision 047)
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    const socket = await connect(client);
    expect(await socket.join(INBOX_CHANNEL)).toMatchObject({ type: 'joined' });
    await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'admin' } }));
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });
});

describe('idle sockets and shutdown', () => {
  it('closes a socket silent for the idle timeout, keeps one that sends heartbeats, and says 1001 at shutdown', async () => {
    const quick = await startTestServer({}, { realtime: { idleTimeoutMs: 1500, sweepMs: 300 } });
    try {
      const client = quick.client();
      await client.signUp(`idle-${Date.now()}@example.com`);
      const silent = await RealtimeTestClient.connect(quick.url, { cookie: client.cookieHeader() });
      const talking = await RealtimeTestClient.connect(quick.url, { cookie: client.cookieHeader() });
      // Sends heartbeats, but its pongs never come back: a dead connection as the server sees it.
      const deaf = await RealtimeTestClient.connect(quick.url, { cookie: client.cookieHeader(), answerPings: false });
      const beat = setInterval(() => {
        talking.send({ type: 'heartbeat', ref: 'hb' });
        deaf.send({ type: 'heartbeat', ref: 'hb' });
      }, 200);
      try {
        expect((await silent.closed).code).toBe(REALTIME_CLOSE.idle);
        // Dropped without a closing handshake: 1006 on this side.
        expect((await deaf.closed).code).toBe(1006);
        expect(await talking.heartbeat()).toMatchObject({ type: 'heartbeat' });
      } finally {
        clearInterval(beat);
      }
      const closing = quick.close();
      expect((await talking.closed).code).toBe(REALTIME_CLOSE.goingAway);
      await closing;
    } catch (error) {
      await quick.close().catch(() => {});
      throw error;
    }
  });
});
