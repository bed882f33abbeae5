import { describe, expect, it } from 'vitest';
import {
  channelName,
  conversationChannel,
  INBOX_CHANNEL,
  MAX_CLIENT_FRAME_LENGTH,
  parseChannel,
  parseClientFrame,
  parseRealtimeEvent,
  parseServerFrame,
  type RealtimeEvent,
  type RealtimeServerFrame,
} from '../index';

const at = '2026-11-23T10:00:00.000Z';
const message = {
  id: 'a1',
  conversation_id: 'm1',
  member_id: 'm1',
  message: 'hello',
  created_at: at,
  author: 'member' as const,
  channel: 'web' as const,
  type: 'text' as const,
  status: 'sent' as const,
  client_id: 'tmp-1',
  is_admin_message: false,
  sender_left: false,
  author_name: null,
  author_id: null,
  read_at: null,
  media: null,
  reaction: null,
  failure_reason: null,
  origin: null,
  programme: null,
};

describe('channels', () => {
  it('reads the two kinds, and builds the text it reads', () => {
    expect(parseChannel('inbox')).toEqual({ kind: 'inbox' });
    expect(parseChannel('conversation:m1')).toEqual({ kind: 'conversation', id: 'm1' });
    expect(channelName({ kind: 'conversation', id: 'm1' })).toBe(conversationChannel('m1'));
    expect(channelName({ kind: 'inbox' })).toBe(INBOX_CHANNEL);
  });

  it('names nothing else', () => {
    for (const text of [
      'lobby',
      'conversation:',
      'conversation:a b',
      'conversation:x:y',
      'Inbox',
      `conversation:${'x'.repeat(129)}`,
    ]) {
      expect(parseChannel(text)).toBeNull();
    }
  });
});

describe('bus events', () => {
  const events: RealtimeEvent[] = [
    { kind: 'message', message_id: 'a1', conversation_id: 'm1' },
    { kind: 'read', conversation_id: 'm1', reader: 'admin', read_at: at },
    { kind: 'session_ended', user_id: 'u1' },
    { kind: 'message_status', conversation_id: 'm1', message_id: 'a1', status: 'delivered', at },
    { kind: 'message_status', conversation_id: 'm1', message_id: 'a1', status: 'failed', at, reason: 'Number unknown' },
    { kind: 'automation', conversation_id: 'm1', state: 'handed_to_human' },
  ];

  it.each(events)('$kind survives the trip through JSON', (event) => {
    expect(parseRealtimeEvent(JSON.stringify(event))).toEqual(event);
  });

  it('reads the database’s own notice (migration 0007: json_build_object, in its key order)', () => {
    expect(parseRealtimeEvent('{"kind" : "session_ended", "user_id" : "u1"}')).toEqual({
      kind: 'session_ended',
      user_id: 'u1',
    });
  });

  it('refuses what is not an event: unknown kind, missing or wrong field, a failure without its reason', () => {
    const refused = [
      'not json',
      'null',
      '[]',
      JSON.stringify({ kind: 'gossip', conversation_id: 'm1' }),
      JSON.stringify({ kind: 'message', message_id: 'a1' }),
      // The member_id of an older instance's events: not this version's.
      JSON.stringify({ kind: 'message', message_id: 'a1', member_id: 'm1' }),
      JSON.stringify({ kind: 'read', conversation_id: 'm1', reader: 'coach', read_at: at }),
      JSON.stringify({ kind: 'read', conversation_id: 'm1', reader: 'admin', read_at: 'yesterday' }),
      JSON.stringify({ kind: 'message_status', conversation_id: 'm1', message_id: 'a1', status: 'failed', at }),
      JSON.stringify({
        kind: 'message_status',
        conversation_id: 'm1',
        message_id: 'a1',
        status: 'sent',
        at,
        reason: 'x',
      }),
      JSON.stringify({ kind: 'message_status', conversation_id: 'm1', message_id: 'a1', status: 'lost', at }),
      JSON.stringify({ kind: 'automation', conversation_id: 'm1', state: 'asleep' }),
      JSON.stringify({ kind: 'session_ended', user_id: '' }),
    ];
    for (const payload of refused) expect(parseRealtimeEvent(payload), payload).toBeNull();
  });
});

describe('client frames', () => {
  it('reads join, leave and heartbeat; a join of any text is for the server to refuse', () => {
    const frames = [
      { type: 'join', channel: 'conversation:m1', ref: '1' },
      { type: 'leave', channel: 'inbox', ref: '2' },
      { type: 'heartbeat', ref: '3' },
      { type: 'join', channel: 'lobby', ref: '4' },
    ];
    for (const frame of frames) expect(parseClientFrame(JSON.stringify(frame))).toEqual(frame);
  });

  it('refuses anything else, and any frame over the length cap', () => {
    const refused = [
      'not json',
      '"join"',
      JSON.stringify({ type: 'join', channel: 'inbox' }),
      JSON.stringify({ type: 'heartbeat' }),
      JSON.stringify({ type: 'publish', channel: 'inbox', ref: '1' }),
      JSON.stringify({ type: 'join', channel: 7, ref: '1' }),
    ];
    for (const text of refused) expect(parseClientFrame(text), text).toBeNull();
    const padded = (length: number) => {
      const frame = JSON.stringify({ type: 'heartbeat', ref: '' });
      return JSON.stringify({ type: 'heartbeat', ref: 'x'.repeat(length - frame.length) });
    };
    expect(parseClientFrame(padded(MAX_CLIENT_FRAME_LENGTH))).not.toBeNull();
    expect(parseClientFrame(padded(MAX_CLIENT_FRAME_LENGTH + 1))).toBeNull();
  });
});

describe('server frames', () => {
  const frames: RealtimeServerFrame[] = [
    { type: 'joined', channel: 'conversation:m1', ref: '1' },
    { type: 'left', channel: 'inbox', ref: '2' },
    { type: 'heartbeat', ref: '3' },
    { type: 'error', ref: '4', channel: 'lobby', reason: 'Not allowed to join this channel' },
    { type: 'error', reason: 'Frame not understood' },
    { type: 'message', channel: 'conversation:m1', message },
    { type: 'read', channel: 'conversation:m1', conversation_id: 'm1', reader: 'member', read_at: at },
    {
      type: 'message_status',
      channel: 'conversation:m1',
      conversation_id: 'm1',
      message_id: 'a1',
      status: 'failed',
      at,
      reason: 'Number unknown',
    },
    { type: 'automation', channel: 'conversation:m1', conversation_id: 'm1', state: 'paused' },
    { type: 'inbox_changed' },
  ];

  it.each(frames)('$type survives the trip through JSON', (frame) => {
    expect(parseServerFrame(JSON.stringify(frame))).toEqual(frame);
  });

  it('refuses an unknown type, a frame on no channel and a message missing a field', () => {
    const { read_at: _missing, ...withoutReadAt } = message;
    const refused = [
      { type: 'gossip' },
      { type: 'joined', channel: 'lobby', ref: '1' },
      { type: 'message', channel: 'conversation:m1', message: withoutReadAt },
      { type: 'message', channel: 'conversation:m1', message: { ...message, is_admin_message: 'no' } },
      { type: 'automation', channel: 'conversation:m1', conversation_id: 'm1' },
    ];
    for (const frame of refused) expect(parseServerFrame(JSON.stringify(frame)), frame.type).toBeNull();
    expect(parseServerFrame('{')).toBeNull();
  });
});
