import { z } from 'zod';
import { chatMessageDtoSchema } from '../chat/chat-schemas';
import { isRealtimeChannel, type RealtimeChannel } from './channels';
import { MAX_CLIENT_FRAME_LENGTH } from './constants';
import { AUTOMATION_STATES, MAX_FAILURE_REASON_LENGTH, MESSAGE_DELIVERY_STATUSES } from './events';

/**
 * The frames of the one WebSocket endpoint (decisions 029, 053), JSON text
 * both ways, described once here: the server parses what clients send with
 * these, the web app parses what the server sends. A frame that does not
 * parse is refused (server) or dropped (web), never half-read.
 */

const ref = z.string();
/** A channel the server names: only ever one that parses (channels.ts). */
const channel = z.custom<RealtimeChannel>(isRealtimeChannel, 'Not a channel');
const id = z.string().min(1);
const instant = z.iso.datetime({ offset: true });

/**
 * Client → server. `ref` is echoed in the reply. A join's or leave's channel
 * is any text here: whether it names a channel that may be joined is the
 * server's answer (an `error` frame naming it), not a frame not understood.
 */
export const realtimeClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), channel: z.string(), ref }),
  z.object({ type: z.literal('leave'), channel: z.string(), ref }),
  z.object({ type: z.literal('heartbeat'), ref }),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** Server → client. */
export const realtimeServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('joined'), channel, ref }),
  z.object({ type: z.literal('left'), channel, ref }),
  z.object({ type: z.literal('heartbeat'), ref }),
  /** A join refused (not yours, unknown channel) or a frame not understood; `channel` echoes the join's. */
  z.object({ type: z.literal('error'), ref: ref.optional(), channel: z.string().optional(), reason: z.string() }),
  /** A new message in a joined conversation, as committed. */
  z.object({ type: z.literal('message'), channel, message: chatMessageDtoSchema }),
  /** Messages of a conversation were read: by the admins (member messages) or by the member (admin messages). */
  z.object({
    type: z.literal('read'),
    channel,
    conversation_id: id,
    reader: z.enum(['admin', 'member']),
    read_at: instant,
  }),
  /** A message's delivery status changed; `reason` says why a failed one failed. */
  z.object({
    type: z.literal('message_status'),
    channel,
    conversation_id: id,
    message_id: id,
    status: z.enum(MESSAGE_DELIVERY_STATUSES),
    at: instant,
    reason: z.string().max(MAX_FAILURE_REASON_LENGTH).optional(),
  }),
  /** A conversation's automation state changed. */
  z.object({ type: z.literal('automation'), channel, conversation_id: id, state: z.enum(AUTOMATION_STATES) }),
  /** The AI coach is writing an answer here (decision 057); its message, or an automation change, ends it. */
  z.object({ type: z.literal('coach_typing'), channel, conversation_id: id }),
  /** On 'inbox': the list or its counters changed; refetch (the client debounces). */
  z.object({ type: z.literal('inbox_changed') }),
]);
export type RealtimeServerFrame = z.infer<typeof realtimeServerFrameSchema>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A client frame, or null for anything else: too long, not JSON, unknown type, missing fields. */
export function parseClientFrame(text: string): RealtimeClientFrame | null {
  if (text.length > MAX_CLIENT_FRAME_LENGTH) return null;
  const parsed = realtimeClientFrameSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

/** A server frame, or null for anything the client does not understand (it drops those). */
export function parseServerFrame(text: string): RealtimeServerFrame | null {
  const parsed = realtimeServerFrameSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}
