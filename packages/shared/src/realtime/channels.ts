/**
 * Channels a socket joins: one per conversation, and the admins' inbox. This
 * file is the only place that builds or reads a channel's text; the server
 * and the web app both go through `parseChannel` and the builders.
 */

/** A channel as sent on the wire. */
export type RealtimeChannel = `conversation:${string}` | 'inbox';

/** A channel as the code reads it. */
export type ParsedChannel = { kind: 'conversation'; id: string } | { kind: 'inbox' };
export type RealtimeChannelKind = ParsedChannel['kind'];

const CONVERSATION_PREFIX = 'conversation:';
/**
 * A conversation's id on a channel: a user id today, a uuid once conversations
 * have their own; either fits. Anything else is no channel, so a join of it is
 * refused before any handler (or query) sees it.
 */
const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const INBOX_CHANNEL: RealtimeChannel = 'inbox';
export const conversationChannel = (conversationId: string): RealtimeChannel =>
  `${CONVERSATION_PREFIX}${conversationId}`;

/** The channel named by a text, or null when it names none. */
export function parseChannel(text: string): ParsedChannel | null {
  if (text === INBOX_CHANNEL) return { kind: 'inbox' };
  if (!text.startsWith(CONVERSATION_PREFIX)) return null;
  const id = text.slice(CONVERSATION_PREFIX.length);
  return CONVERSATION_ID.test(id) ? { kind: 'conversation', id } : null;
}

/** The wire text of a parsed channel. */
export function channelName(channel: ParsedChannel): RealtimeChannel {
  return channel.kind === 'inbox' ? INBOX_CHANNEL : conversationChannel(channel.id);
}

export const isRealtimeChannel = (value: unknown): value is RealtimeChannel =>
  typeof value === 'string' && parseChannel(value) !== null;
