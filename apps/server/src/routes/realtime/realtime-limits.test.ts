import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationChannel, REALTIME_CLOSE } from '@app/shared';
import { betaSeats } from '../../db/schema';
import { REALTIME_LIMITS } from '../../lib/realtime/limits';
import { captureLogs, LOG_LEVEL, type LogEntry } from '../../test-support/captured-logs';
import { flood, maskedTextFrame, openRawWebSocket } from '../../test-support/raw-websocket';
import { RealtimeTestClient } from '../../test-support/realtime-client';
import { answer } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

/**
 * The limits of decision 048, on a real server: sockets per account and per
 * address, frames per second, and the bound on what a socket leaves unread.
 * The server trusts X-Forwarded-For (TRUST_PROXY), so each test gives its
 * sockets an address of their own, as a proxy in front would.
 */
const UNSENT_BOUND = 16 * 1024;
const logs = captureLogs('warn');
let server: TestServer;
const sockets: RealtimeTestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, { logger: logs.logger });
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  await server.close();
});

let seq = 0;
async function member() {
  const client = server.client();
  const id: string = (await client.signUp(`limit${++seq}-${Date.now()}@example.com`)).body.user.id;
  await server.database.db.insert(betaSeats).values({ userId: id });
  return { client, id };
}

async function connect(cookie: string, address: string) {
  const socket = await RealtimeTestClient.connect(server.url, { cookie, headers: { 'x-forwarded-for': address } });
  sockets.push(socket);
  return socket;
}

const dropWarnings = (limit: string) => (entry: LogEntry) =>
  entry.level === LOG_LEVEL.warn && entry.limit === limit && /realtime socket (dropped|refused)/.test(entry.msg);

describe('sockets per account and per address', () => {
  it('refuses the eleventh socket of one account with 4003, and the ten open ones keep working', async () => {
    const { client } = await member();
    const open = await Promise.all(
      Array.from({ length: REALTIME_LIMITS.socketsPerAccount }, () => connect(client.cookieHeader(), '10.0.1.1')),
    );
    // From another address too: the limit is the account's.
    const refused = await connect(client.cookieHeader(), '10.0.1.2');
    expect(await refused.closed).toEqual({
      code: REALTIME_CLOSE.tooManySockets,
      reason: 'Too many connections for this account',
    });
    for (const echo of await Promise.all(open.map((socket) => socket.heartbeat()))) {
      expect(echo).toMatchObject({ type: 'heartbeat' });
    }
    const warning = await logs.waitFor(dropWarnings('sockets per account'));
    // What was refused, never whose: no account, no address.
    expect(Object.keys(warning).sort()).toEqual(['level', 'limit', 'max', 'msg', 'time']);
  });

  it('refuses the fifty-first socket from one address with 4003, whatever its account', async () => {
    const address = '10.0.2.1';
    const perAccount = REALTIME_LIMITS.socketsPerAccount;
    const accounts = await Promise.all(
      Array.from({ length: REALTIME_LIMITS.socketsPerAddress / perAccount + 1 }, () => member()),
    );
    const open = await Promise.all(
      Array.from({ length: REALTIME_LIMITS.socketsPerAddress }, (_, i) =>
        connect(accounts[Math.floor(i / perAccount)]!.client.cookieHeader(), address),
      ),
    );
    const newcomer = accounts.at(-1)!.client.cookieHeader();
    const refused = await connect(newcomer, address);
    expect(await refused.closed).toEqual({
      code: REALTIME_CLOSE.tooManySockets,
      reason: 'Too many connections from this address',
    });
    // The same account from elsewhere is welcome, and the open sockets still answer.
    expect(await (await connect(newcomer, '10.0.2.2')).heartbeat()).toMatchObject({ type: 'heartbeat' });
    for (const echo of await Promise.all(open.map((socket) => socket.heartbeat()))) {
      expect(echo).toMatchObject({ type: 'heartbeat' });
    }
    await logs.waitFor(dropWarnings('sockets per address'));
  });
});

describe('frames per second', () => {
  const tooFast = REALTIME_LIMITS.frameBurst * 3;

  it('closes a socket that sends frames faster than allowed with 4004, after answering those within the limit', async () => {
    const { client } = await member();
    const socket = await connect(client.cookieHeader(), '10.0.3.1');
    for (let i = 0; i < tooFast; i++) socket.send({ type: 'heartbeat', ref: `f${i}` });
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.tooManyFrames, reason: 'Too many frames' });
    const answered = socket.frames.filter((f) => f.type === 'heartbeat').length;
    // The burst is answered (plus what refilled meanwhile), the rest is not.
    expect(answered).toBeGreaterThanOrEqual(REALTIME_LIMITS.frameBurst);
    expect(answered).toBeLessThan(tooFast);
    await logs.waitFor(dropWarnings('frames per second'));
  });

  it('counts pings as frames: a ping flood is closed the same way', async () => {
    const { client } = await member();
    const socket = await connect(client.cookieHeader(), '10.0.3.2');
    for (let i = 0; i < tooFast; i++) socket.socket.ping();
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.tooManyFrames);
  });
});

describe('a client that stops reading', () => {
  // Its own server, whose frame rate is out of the way: a stalled reader must meet the unsent bound,
  // and a small bound (16 KiB) is met after a few hundred frames rather than thousands.
  const stalledLogs = captureLogs('warn');
  let relaxed: TestServer;
  beforeAll(async () => {
    relaxed = await startTestServer(
      { ADMIN_EMAILS: 'coach@example.com' },
      {
        logger: stalledLogs.logger,
        realtime: { limits: { maxUnsentBytes: UNSENT_BOUND, framesPerSecond: 1e9, frameBurst: 1e9 } },
      },
    );
  });
  afterAll(() => relaxed.close());

  it('is dropped once the answers it leaves unread pass the bound', async () => {
    const client = relaxed.client();
    await client.signUp(`stalled-${Date.now()}@example.com`);
    const socket = await openRawWebSocket(relaxed.url, { cookie: client.cookieHeader() });
    socket.pause();
    // Heartbeats with long refs: each answer is about 1 KB, and all of them stay unread.
    const heartbeats = Buffer.concat(
      Array.from({ length: 64 }, (_, i) =>
        maskedTextFrame(JSON.stringify({ type: 'heartbeat', ref: `${i}`.padEnd(900, '.') })),
      ),
    );
    // Far more than the kernel's buffers and the bound hold together (some 4 MB on Linux loopback).
    expect(await flood(socket, heartbeats, 64 * 1024 * 1024)).toBe('closed');
    const warning = await stalledLogs.waitFor(dropWarnings('unsent bytes'));
    expect(warning).toMatchObject({ max: UNSENT_BOUND });
  });

  it('gets nothing more from a publish once past the bound: it is dropped, not queued for', async () => {
    const coach = relaxed.client();
    await coach.signUp('coach@example.com');
    const member = relaxed.client();
    const id: string = (await member.signUp(`stalled-pub-${Date.now()}@example.com`)).body.user.id;
    const conversationId = (await answer(member.api.me.messages.$get({ query: {} }))).body.conversation_id;
    const channel = conversationChannel(conversationId);
    const reading = await RealtimeTestClient.connect(relaxed.url, { cookie: member.cookieHeader() });
    await reading.join(channel);
    // A socket whose peer this test plays: what it was sent, whether it was cut off, what it left unread.
    const stalled = { sent: [] as string[], terminated: false, unsent: 0 };
    const conn = relaxed.realtime.open(
      { userId: id, isAdmin: false, address: '10.0.5.1', headers: new Headers() },
      {
        send: (text) => stalled.sent.push(text),
        close: () => {},
        ping: () => {},
        terminate: () => (stalled.terminated = true),
        unsentBytes: () => stalled.unsent,
        stopReading: () => {},
      },
    );
    relaxed.realtime.frame(conn, JSON.stringify({ type: 'join', channel, ref: 'j' }));
    // A member's join is checked against the database: answered once that read is back.
    await vi.waitFor(() => expect(stalled.sent.map((text) => JSON.parse(text).type)).toEqual(['joined']));

    stalled.unsent = UNSENT_BOUND + 1;
    const reply = await answer(
      coach.api.admin.conversations[':conversationId'].messages.$post({
        param: { conversationId },
        json: { message: 'Still there?' },
      }),
    );
    expect(reply.status).toBe(201);
    // Delivered to the reading socket, which joined first: the stalled one has had its turn by then.
    await reading.next((f) => f.type === 'message' && f.message.id === reply.body.id, 'the reply');
    expect(stalled.sent).toHaveLength(1);
    expect(stalled.terminated).toBe(true);
    reading.socket.terminate();
  });
});
