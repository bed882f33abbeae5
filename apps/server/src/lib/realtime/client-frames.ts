import type { RealtimeChannel, RealtimeClientFrame } from '@app/shared';

/** Longest frame a client may send; a join is well under 200 characters. */
export const MAX_CLIENT_FRAME_LENGTH = 1024;
/**
 * The WebSocket server's maxPayload (server.ts): a frame of MAX_CLIENT_FRAME_LENGTH
 * UTF-16 units takes at most 3 bytes a unit in UTF-8, so nothing the parser
 * would accept is longer. A longer frame ends the socket (1009) before it is
 * buffered whole.
 */
export const MAX_CLIENT_FRAME_BYTES = 4 * 1024;

/** A client frame (chat-contract.ts), or null for anything else: not JSON, unknown type, missing fields. */
export function parseClientFrame(text: string): RealtimeClientFrame | null {
  if (text.length > MAX_CLIENT_FRAME_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  if (typeof frame.ref !== 'string') return null;
  if (frame.type === 'heartbeat') return { type: 'heartbeat', ref: frame.ref };
  if ((frame.type === 'join' || frame.type === 'leave') && typeof frame.channel === 'string') {
    // Whether the channel exists and may be joined is the hub's decision.
    return { type: frame.type, channel: frame.channel as RealtimeChannel, ref: frame.ref };
  }
  return null;
}
