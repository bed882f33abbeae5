import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationChannel, INBOX_CHANNEL } from '@app/shared';
import { REALTIME_NOTIFY_CHANNEL } from '../../lib/realtime/bus';
import { captureLogs } from '../../test-support/captured-logs';
import { RealtimeTestClient } from '../../test-support/realtime-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

/**
 * Bus events beyond messages and read markers (decision 053), through the real
 * bus of the database under test (PGlite's in-process one, or LISTEN/NOTIFY):
 * a delivery status and an automation state reach the sockets on their
 * conversation, and a payload on the bus's channel that is no event is dropped.
 */
const logs = captureLogs('warn');
let server: TestServer;
let admin: TestClient;
const sockets: RealtimeTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'coach@example.com' }, { logger: logs.logger });
  admin = server.client();
  await admin.signUp('coach@example.com', 'calm-river-42', 'Coach');
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  await server.close();
});

let seq = 0;
/** A member and the id of their conversation (decision 052), as their chat reads it. */
async function member() {
  const client = server.client();
  await client.signUp(`events${++seq}-${Date.now()}@example.com`);
  const id = (await answer(client.api.me.messages.$get({ query: {} }))).body.conversation_id;
  return { client, id };
}

async function joined(client: TestClient, ...channels: string[]) {
  const socket = await RealtimeTestClient.connect(server.url, { cookie: client.cookieHeader() });
  sockets.push(socket);
  for (const channel of channels) expect(await socket.join(channel)).toMatchObject({ type: 'joined' });
  return socket;
}

/** What a socket was sent besides the answers to its own joins and heartbeats. */
const news = (socket: RealtimeTestClient) =>
  socket.frames.filter((f) => !['joined', 'heartbeat'].includes(f.type)).map((f) => f.type);

describe('events beyond messages', () => {
  it('a delivery status reaches the sockets on its conversation, and an automation state the inbox too', async () => {
    const { client, id } = await member();
    const other = await member();
    const mine = await joined(client, conversationChannel(id));
    const coach = await joined(admin, conversationChannel(id), INBOX_CHANNEL);
    const bystander = await joined(other.client, conversationChannel(other.id));
    const at = new Date().toISOString();

    await server.realtime.publish({
      kind: 'message_status',
      conversation_id: id,
      message_id: 'm-1',
      status: 'failed',
      at,
      reason: 'The number is not on WhatsApp',
    });
    expect(await coach.next((f) => f.type === 'message_status', 'the delivery status')).toEqual({
      type: 'message_status',
      channel: `conversation:${id}`,
      conversation_id: id,
      message_id: 'm-1',
      status: 'failed',
      at,
      reason: 'The number is not on WhatsApp',
    });

    await server.realtime.publish({ kind: 'automation', conversation_id: id, state: 'handed_to_human' });
    const automation = await coach.next((f) => f.type === 'automation', 'the automation state');
    expect(automation).toEqual({
      type: 'automation',
      channel: `conversation:${id}`,
      conversation_id: id,
      state: 'handed_to_human',
    });
    await coach.next((f) => f.type === 'inbox_changed', 'the inbox change');

    // Everything sent before the heartbeat echo has arrived: the status told the inbox nothing.
    await mine.next((f) => f.type === 'automation', "the automation state, on the member's socket");
    for (const socket of [mine, coach, bystander]) await socket.heartbeat();
    expect(news(mine)).toEqual(['message_status', 'automation']);
    expect(news(coach)).toEqual(['message_status', 'automation', 'inbox_changed']);
    expect(news(bystander)).toEqual([]);
  });

  it('a payload on the bus that is no event is dropped and logged; the next event still arrives', async () => {
    const { client, id } = await member();
    const socket = await joined(client, conversationChannel(id));
    const notify = (payload: string) =>
      server.database.db.execute(sql`select pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${payload})`);
    const unreadable = [
      'not json',
      JSON.stringify({ kind: 'automation', conversation_id: id, state: 'asleep' }),
      // An instance of the previous version names the conversation member_id.
      JSON.stringify({ kind: 'read', member_id: id, reader: 'admin', read_at: new Date().toISOString() }),
      JSON.stringify({ kind: 'gossip', conversation_id: id }),
    ];
    const before = logs.entries.length;
    for (const payload of unreadable) await notify(payload);
    // As another instance would publish it: straight onto the bus's channel.
    await notify(JSON.stringify({ kind: 'automation', conversation_id: id, state: 'paused' }));

    expect(await socket.next((f) => f.type === 'automation', 'the valid event')).toMatchObject({ state: 'paused' });
    await socket.heartbeat();
    expect(news(socket)).toEqual(['automation']);
    const dropped = logs.entries.slice(before).filter((e) => e.msg === 'realtime event not understood; dropped');
    expect(dropped.map((e) => e.bytes)).toEqual(unreadable.map((p) => p.length));
  });
});
