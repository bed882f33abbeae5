import { afterEach, describe, expect, it } from 'vitest';
import { conversationChannel, INBOX_CHANNEL, type RealtimeEvent, type RealtimeServerFrame } from '@app/shared';
import { captureLogs } from '../../test-support/captured-logs';
import type { DomainEventKind, RealtimeHandler } from './handler';
import { createRealtimeHub, type RealtimeHub } from './hub';
import { createMemoryBus } from './memory-bus';

/**
 * The hub with handlers of the test's own, on the in-process bus: what a
 * domain registers is all the hub knows of channels and events (decision 053).
 */
const hubs: RealtimeHub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
});

async function startHub() {
  const logs = captureLogs('warn');
  const bus = await createMemoryBus(logs.logger);
  const hub = createRealtimeHub({ bus, logger: logs.logger, lookup: () => async () => null });
  hubs.push(hub);
  return { hub, logs };
}

/** A socket whose peer the test plays: every frame the hub sent it, parsed. */
function openSocket(hub: RealtimeHub, account = { userId: 'u1', isAdmin: false }) {
  const sent: RealtimeServerFrame[] = [];
  const conn = hub.open(
    { ...account, address: '10.0.0.1', headers: new Headers() },
    {
      send: (text) => sent.push(JSON.parse(text) as RealtimeServerFrame),
      close: () => {},
      ping: () => {},
      terminate: () => {},
      unsentBytes: () => 0,
      stopReading: () => {},
    },
  );
  const frame = (value: object) => hub.frame(conn, JSON.stringify(value));
  return { conn, sent, frame };
}

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

function handler<K extends DomainEventKind>(overrides: Partial<RealtimeHandler<K>> & { events: K[] }) {
  return {
    name: 'test',
    channels: ['conversation'],
    mayJoin: () => true,
    onEvent: () => {},
    ...overrides,
  } as RealtimeHandler<K>;
}

describe('handlers registered with the hub', () => {
  it('hands an event kind to the handler that registered it, which tells the joined sockets', async () => {
    const { hub } = await startHub();
    const received: RealtimeEvent[] = [];
    hub.register(
      handler({
        events: ['automation'],
        onEvent: (event, out) => {
          received.push(event);
          const channel = conversationChannel(event.conversation_id);
          out.toChannel(channel, {
            type: 'automation',
            channel,
            conversation_id: event.conversation_id,
            state: event.state,
          });
        },
      }),
    );
    const joined = openSocket(hub);
    const elsewhere = openSocket(hub);
    joined.frame({ type: 'join', channel: 'conversation:c1', ref: 'j' });
    elsewhere.frame({ type: 'join', channel: 'conversation:c2', ref: 'j' });

    await hub.publish({ kind: 'automation', conversation_id: 'c1', state: 'paused' });
    // A kind nobody here registered (another instance may know it): nothing happens, nothing breaks.
    await hub.publish({ kind: 'message', message_id: 'a1', conversation_id: 'c1' });
    await until(() => joined.sent.some((f) => f.type === 'automation'));

    expect(received).toEqual([{ kind: 'automation', conversation_id: 'c1', state: 'paused' }]);
    expect(joined.sent).toEqual([
      { type: 'joined', channel: 'conversation:c1', ref: 'j' },
      { type: 'automation', channel: 'conversation:c1', conversation_id: 'c1', state: 'paused' },
    ]);
    expect(elsewhere.sent.map((f) => f.type)).toEqual(['joined']);
  });

  it('refuses a channel whose kind no handler owns, and one that is no channel', async () => {
    const { hub } = await startHub();
    hub.register(handler({ events: [] }));
    const socket = openSocket(hub);
    socket.frame({ type: 'join', channel: INBOX_CHANNEL, ref: '1' });
    socket.frame({ type: 'join', channel: 'conversation:a b', ref: '2' });
    socket.frame({ type: 'leave', channel: 'lobby', ref: '3' });
    expect(socket.sent).toEqual([
      { type: 'error', ref: '1', channel: 'inbox', reason: 'Not allowed to join this channel' },
      { type: 'error', ref: '2', channel: 'conversation:a b', reason: 'Not allowed to join this channel' },
      { type: 'error', ref: '3', channel: 'lobby', reason: 'Not a channel' },
    ]);
  });

  it('gives each channel kind and event kind one owner', async () => {
    const { hub } = await startHub();
    hub.register(handler({ events: ['automation'] }));
    expect(() => hub.register(handler({ channels: ['inbox'], events: ['automation'] }))).toThrow(/automation/);
    expect(() => hub.register(handler({ channels: ['conversation'], events: ['read'] }))).toThrow(/conversation/);
    // Neither half of a refused registration was kept: the inbox is still nobody's.
    hub.register(handler({ channels: ['inbox'], events: ['read'] }));
  });
});

describe('joins a handler decides asynchronously', () => {
  it('are answered in the order they were asked, the frames after them waiting their turn', async () => {
    const { hub } = await startHub();
    const decisions = new Map([
      ['slow', deferred<boolean>()],
      ['refused', deferred<boolean>()],
    ]);
    hub.register(
      handler({
        events: [],
        mayJoin: (_viewer, channel) =>
          channel.kind === 'conversation' && decisions.has(channel.id) ? decisions.get(channel.id)!.promise : true,
      }),
    );
    const socket = openSocket(hub);
    socket.frame({ type: 'join', channel: 'conversation:slow', ref: '1' });
    socket.frame({ type: 'join', channel: 'conversation:refused', ref: '2' });
    socket.frame({ type: 'join', channel: 'conversation:quick', ref: '3' });
    socket.frame({ type: 'heartbeat', ref: '4' });
    hub.frame(socket.conn, 'not json');
    // Decided last to first: the answers still go out first to last.
    decisions.get('refused')!.resolve(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(socket.sent).toEqual([]);
    decisions.get('slow')!.resolve(true);
    await until(() => socket.sent.length === 5);
    expect(socket.sent).toEqual([
      { type: 'joined', channel: 'conversation:slow', ref: '1' },
      { type: 'error', ref: '2', channel: 'conversation:refused', reason: 'Not allowed to join this channel' },
      { type: 'joined', channel: 'conversation:quick', ref: '3' },
      { type: 'heartbeat', ref: '4' },
      { type: 'error', reason: 'Frame not understood' },
    ]);
    // Once every answer is out, the next is answered at once again.
    socket.frame({ type: 'heartbeat', ref: '5' });
    expect(socket.sent.at(-1)).toEqual({ type: 'heartbeat', ref: '5' });
  });

  it('refuses when the handler cannot decide, and answers nothing to a socket closed meanwhile', async () => {
    const { hub, logs } = await startHub();
    const decision = deferred<boolean>();
    hub.register(
      handler({
        events: [],
        mayJoin: (_viewer, channel) =>
          channel.kind === 'conversation' && channel.id === 'away'
            ? Promise.reject(new Error('database away'))
            : decision.promise,
      }),
    );
    const failing = openSocket(hub);
    failing.frame({ type: 'join', channel: 'conversation:away', ref: '1' });
    await until(() => failing.sent.length === 1);
    expect(failing.sent).toEqual([
      { type: 'error', ref: '1', channel: 'conversation:away', reason: 'Not allowed to join this channel' },
    ]);
    expect(logs.entries.some((e) => e.msg === 'realtime join not decided')).toBe(true);

    const leaving = openSocket(hub);
    leaving.frame({ type: 'join', channel: 'conversation:c1', ref: '1' });
    hub.closed(leaving.conn);
    decision.resolve(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(leaving.sent).toEqual([]);
  });
});
