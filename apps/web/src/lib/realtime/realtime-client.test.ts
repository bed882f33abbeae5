import { describe, expect, it } from 'vitest';
import {
  REALTIME_CLOSE,
  REALTIME_HEARTBEAT_MS,
  type ChatMessageDto,
  type RealtimeChannel,
  type RealtimeClientFrame,
  type RealtimeServerFrame,
} from '@app/shared';
import { RealtimeClient, type ChannelFrame, type ChannelState, type SocketLike } from './realtime-client';

/** A WebSocket stand-in: records what the client sends, and lets the test play the server. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: RealtimeClientFrame[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as RealtimeClientFrame);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.serverCloses(code);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: RealtimeServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** Answers the last join or leave as the server would. */
  answerLast() {
    const frame = this.sent.at(-1)!;
    if (frame.type === 'heartbeat') return;
    // The client only ever sends the channels it was given, each a RealtimeChannel.
    const channel = frame.channel as RealtimeChannel;
    this.receive({ type: frame.type === 'join' ? 'joined' : 'left', channel, ref: frame.ref });
  }
}

/** Timers the test advances by hand. */
function manualTimers() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 0;
  return {
    setTimeout: (callback: () => void, ms: number) => {
      nextId += 1;
      timers.push({ at: now + ms, callback, id: nextId });
      return nextId;
    },
    clearTimeout: (id: unknown) => {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.callback();
      }
      now = until;
    },
  };
}

function setUp(onUnreadableFrame?: (text: string) => void) {
  const sockets: FakeSocket[] = [];
  const timers = manualTimers();
  const client = new RealtimeClient({
    url: 'ws://calm.test/api/realtime',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    onUnreadableFrame,
  });
  return { client, sockets, timers, last: () => sockets.at(-1)! };
}

const message = (id: string): ChatMessageDto => ({
  id,
  conversation_id: 'c1',
  member_id: 'm1',
  message: `hello ${id}`,
  created_at: '2026-11-23T10:00:00.000Z',
  author: 'coach',
  channel: 'web',
  type: 'text',
  status: 'sent',
  client_id: null,
  is_admin_message: true,
  sender_left: false,
  author_name: null,
  author_id: null,
  read_at: null,
  media: null,
  reaction: null,
  failure_reason: null,
  origin: null,
  programme: null,
});

describe('RealtimeClient', () => {
  it('goes from closed through joining to joined, and delivers only to the joined channel', () => {
    const { client, last } = setUp();
    const states: ChannelState[] = [];
    const received: string[] = [];
    let joins = 0;
    client.subscribe('conversation:m1', {
      onState: (s) => states.push(s),
      onJoined: () => (joins += 1),
      onFrame: (f) => f.type === 'message' && received.push(f.message.id),
    });
    expect(states).toEqual(['closed', 'joining']);
    last().open();
    expect(last().sent).toEqual([{ type: 'join', channel: 'conversation:m1', ref: expect.any(String) }]);
    last().answerLast();
    expect(states.at(-1)).toBe('joined');
    expect(joins).toBe(1);
    last().receive({ type: 'message', channel: 'conversation:m1', message: message('a') });
    last().receive({ type: 'message', channel: 'conversation:m2', message: message('b') });
    expect(received).toEqual(['a']);
  });

  it('marks a refused join errored', () => {
    const { client, last } = setUp();
    const states: ChannelState[] = [];
    client.subscribe('conversation:other', { onState: (s) => states.push(s) });
    last().open();
    const join = last().sent[0]!;
    last().receive({ type: 'error', ref: join.ref, channel: 'conversation:other', reason: 'forbidden' });
    expect(states.at(-1)).toBe('errored');
  });

  it('leaves a channel when its last listener goes: leaving, then closed', () => {
    const { client, last } = setUp();
    const stop = client.subscribe('inbox', {});
    last().open();
    last().answerLast();
    expect(client.channelState('inbox')).toBe('joined');
    stop();
    expect(last().sent.at(-1)).toMatchObject({ type: 'leave', channel: 'inbox' });
    expect(client.channelState('inbox')).toBe('leaving');
    last().answerLast();
    expect(client.channelState('inbox')).toBe('closed');
  });

  it('reconnects after 1, 2, 5 and 10 s, then every 10 s, and joins again (a second onJoined)', () => {
    const { client, sockets, timers, last } = setUp();
    let joins = 0;
    const states: ChannelState[] = [];
    client.subscribe('conversation:m1', { onJoined: () => (joins += 1), onState: (s) => states.push(s) });
    last().open();
    last().answerLast();

    last().serverCloses(1006);
    expect(states.at(-1)).toBe('errored');
    expect(client.connectionState).toBe('reconnecting');
    for (const delay of [1000, 2000, 5000, 10_000, 10_000, 10_000]) {
      const count = sockets.length;
      timers.advance(delay - 1);
      expect(sockets.length).toBe(count);
      timers.advance(1);
      expect(sockets.length).toBe(count + 1);
      last().serverCloses(1006);
    }
    // This time the server is back.
    timers.advance(10_000);
    last().open();
    expect(client.connectionState).toBe('open');
    expect(last().sent).toEqual([{ type: 'join', channel: 'conversation:m1', ref: expect.any(String) }]);
    last().answerLast();
    expect(joins).toBe(2);
    expect(states.at(-1)).toBe('joined');

    // A successful connection starts the delays over.
    const count = sockets.length;
    last().serverCloses(REALTIME_CLOSE.goingAway);
    timers.advance(1000);
    expect(sockets.length).toBe(count + 1);
  });

  it('tries at once when told the network is back, and goes on with the delays if that try fails', () => {
    const { client, sockets, timers, last } = setUp();
    client.subscribe('conversation:m1', {});
    last().open();
    last().answerLast();
    // Nothing is waiting: nothing happens.
    client.reconnectNow();
    expect(sockets.length).toBe(1);

    last().serverCloses(1006);
    timers.advance(1000);
    last().serverCloses(1006);
    // 2 s to wait; told now, it tries now.
    timers.advance(500);
    client.reconnectNow();
    expect(sockets.length).toBe(3);
    expect(client.connectionState).toBe('reconnecting');
    // The cut-short delay does not fire a second socket later.
    timers.advance(2000);
    expect(sockets.length).toBe(3);
    // That try fails too: the next delay is the one after (5 s).
    last().serverCloses(1006);
    timers.advance(4999);
    expect(sockets.length).toBe(3);
    timers.advance(1);
    expect(sockets.length).toBe(4);
    last().open();
    expect(client.connectionState).toBe('open');
  });

  it('does not try sooner after a refusal as one socket too many', () => {
    const { client, sockets, timers, last } = setUp();
    client.subscribe('conversation:m1', {});
    last().open();
    last().serverCloses(REALTIME_CLOSE.tooManySockets);
    client.reconnectNow();
    expect(sockets.length).toBe(1);
    timers.advance(10_000);
    expect(sockets.length).toBe(2);
  });

  it('waits the longest delay each time the server refuses the socket as one too many, never looping', () => {
    const { client, sockets, timers, last } = setUp();
    client.subscribe('conversation:m1', {});
    for (let refusal = 0; refusal < 3; refusal++) {
      // The upgrade succeeds, then the server closes at once: this account has its sockets already.
      last().open();
      last().serverCloses(REALTIME_CLOSE.tooManySockets);
      const count = sockets.length;
      timers.advance(9999);
      expect(sockets.length).toBe(count);
      timers.advance(1);
      expect(sockets.length).toBe(count + 1);
    }
    expect(client.connectionState).toBe('reconnecting');
  });

  it('keeps lengthening the delays while sockets open but close before the server answers anything', () => {
    const { client, sockets, timers, last } = setUp();
    client.subscribe('conversation:m1', {});
    last().open();
    last().serverCloses(1006);
    for (const delay of [1000, 2000, 5000]) {
      const count = sockets.length;
      timers.advance(delay - 1);
      expect(sockets.length).toBe(count);
      timers.advance(1);
      expect(sockets.length).toBe(count + 1);
      last().open();
      last().serverCloses(1006);
    }
  });

  it('does not reconnect when the session ended', () => {
    const { client, sockets, timers, last } = setUp();
    const states: ChannelState[] = [];
    client.subscribe('conversation:m1', { onState: (s) => states.push(s) });
    last().open();
    last().answerLast();
    last().serverCloses(REALTIME_CLOSE.sessionEnded);
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.connectionState).toBe('ended');
    expect(states.at(-1)).toBe('closed');
  });

  it('sends a heartbeat every 25 s, and drops a socket whose heartbeat goes unanswered', () => {
    const { client, sockets, timers, last } = setUp();
    client.subscribe('inbox', {});
    last().open();
    last().answerLast();
    timers.advance(REALTIME_HEARTBEAT_MS);
    const beat = last().sent.at(-1)!;
    expect(beat.type).toBe('heartbeat');
    last().receive({ type: 'heartbeat', ref: beat.ref });
    timers.advance(REALTIME_HEARTBEAT_MS);
    expect(last().sent.filter((f) => f.type === 'heartbeat')).toHaveLength(2);
    // No answer to the second one: at the next beat the socket is closed and a new one follows.
    timers.advance(REALTIME_HEARTBEAT_MS);
    expect(sockets[0]!.closedWith).toBe(4000);
    timers.advance(1000);
    expect(sockets).toHaveLength(2);
  });

  it('closes the socket shortly after nothing is listened to any more', () => {
    const { client, timers, last } = setUp();
    const stop = client.subscribe('inbox', {});
    last().open();
    last().answerLast();
    stop();
    last().answerLast();
    timers.advance(1000);
    expect(last().closedWith).toBe(1000);
    expect(client.connectionState).toBe('idle');
  });

  it('drops a server frame that does not parse, says so, and goes on with the next', () => {
    const unreadable: string[] = [];
    const { client, last } = setUp((text) => unreadable.push(text));
    const frames: string[] = [];
    client.subscribe('conversation:m1', { onFrame: (f) => frames.push(f.type) });
    last().open();
    last().answerLast();
    const raw = (text: string) => last().onmessage?.({ data: text });
    const { read_at: _missing, ...withoutReadAt } = message('x');
    const bad = [
      'not json',
      JSON.stringify({ type: 'gossip', channel: 'conversation:m1' }),
      JSON.stringify({ type: 'message', channel: 'conversation:m1', message: withoutReadAt }),
      JSON.stringify({ type: 'message', channel: 'lobby', message: message('y') }),
      JSON.stringify({ type: 'message_status', channel: 'conversation:m1', conversation_id: 'm1', status: 'lost' }),
    ];
    for (const text of bad) expect(() => raw(text)).not.toThrow();
    expect(unreadable).toEqual(bad);
    expect(frames).toEqual([]);
    expect(client.channelState('conversation:m1')).toBe('joined');
    last().receive({ type: 'message', channel: 'conversation:m1', message: message('z') });
    expect(frames).toEqual(['message']);
  });

  it('hands a delivery status and an automation state to the conversation they name', () => {
    const { client, last } = setUp();
    const frames: ChannelFrame[] = [];
    client.subscribe('conversation:m1', { onFrame: (f) => frames.push(f) });
    last().open();
    last().answerLast();
    const at = '2026-11-23T10:00:05.000Z';
    const status: ChannelFrame = {
      type: 'message_status',
      channel: 'conversation:m1',
      conversation_id: 'm1',
      message_id: 'a',
      status: 'failed',
      at,
      reason: 'The number is not on WhatsApp',
    };
    const automation: ChannelFrame = {
      type: 'automation',
      channel: 'conversation:m1',
      conversation_id: 'm1',
      state: 'handed_to_human',
    };
    last().receive(status);
    last().receive(automation);
    last().receive({ ...automation, channel: 'conversation:m2', conversation_id: 'm2' });
    expect(frames).toEqual([status, automation]);
  });
});
