import { z } from 'zod';

/**
 * The realtime bus's events (decision 029, 053): how one server instance tells
 * every instance (itself included) that something happened. Described once
 * here and parsed on arrival, so an event kind is added in one place and a
 * payload that does not fit (another version's, a hand-written NOTIFY) is
 * dropped, never half-read. Events carry ids, never rows: PostgreSQL's NOTIFY
 * payload stops at 8000 bytes, and each instance reads the committed row itself.
 *
 * `conversation_id` names the conversation (its channel is
 * `conversation:<conversation_id>`).
 */

const id = z.string().min(1).max(128);
const instant = z.iso.datetime({ offset: true });

/** A message's delivery, from written to read by the other side, or failed (with a reason). */
export const MESSAGE_DELIVERY_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageDeliveryStatus = (typeof MESSAGE_DELIVERY_STATUSES)[number];

/** Who answers a conversation: its automation, paused by a coach, handed to a person of the team, or in crisis (decision 057). */
export const AUTOMATION_STATES = ['on', 'paused', 'handed_to_human', 'crisis'] as const;
export type AutomationState = (typeof AUTOMATION_STATES)[number];

/** Longest failure reason an event carries (it travels in a NOTIFY payload). */
export const MAX_FAILURE_REASON_LENGTH = 500;

const messageStatusEvent = z
  .object({
    kind: z.literal('message_status'),
    conversation_id: id,
    message_id: id,
    status: z.enum(MESSAGE_DELIVERY_STATUSES),
    at: instant,
    reason: z.string().min(1).max(MAX_FAILURE_REASON_LENGTH).optional(),
  })
  // A failure says why; nothing else has a reason.
  .refine((e) => (e.status === 'failed') === (e.reason !== undefined), {
    message: 'A failed delivery has a reason, and only a failed one',
    path: ['reason'],
  });

export const realtimeEventSchema = z.discriminatedUnion('kind', [
  /** A message was written to a conversation. */
  z.object({ kind: z.literal('message'), message_id: id, conversation_id: id }),
  /**
   * A stored message changed beyond its status: its attachment was fetched, the person reacted to it
   * (decision 056). Listeners send the message again; clients replace their copy.
   */
  z.object({ kind: z.literal('message_changed'), message_id: id, conversation_id: id }),
  /** Messages of a conversation were read, by the admins (member messages) or by the member (admin replies). */
  z.object({
    kind: z.literal('read'),
    conversation_id: id,
    reader: z.enum(['admin', 'member']),
    read_at: instant,
  }),
  /**
   * Some session of this account may have ended (sign-out, deactivation, password change) or its rights
   * changed: check its sockets, forget what is remembered of it. Published by the code that made the
   * change, and by the database itself on every such write (migration 0007, decision 040).
   */
  z.object({ kind: z.literal('session_ended'), user_id: id }),
  /** A message's delivery status changed (a channel's receipt, a failed send). */
  messageStatusEvent,
  /** A conversation's automation state changed. */
  z.object({ kind: z.literal('automation'), conversation_id: id, state: z.enum(AUTOMATION_STATES) }),
  /** A conversation was assigned to a coach, or unassigned (decision 061): admins' inbox lists change. */
  z.object({ kind: z.literal('assignment'), conversation_id: id }),
  /** The AI coach is writing an answer in a conversation (decision 057): the first sign of life a member sees. */
  z.object({ kind: z.literal('coach_typing'), conversation_id: id }),
  /**
   * A delivery was written to the outbox and committed: each instance's outbox worker looks for due rows
   * now rather than at its next poll. Sent by the database itself on every insert (migration 0013, decision 054).
   */
  z.object({ kind: z.literal('outbox_due') }),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventKind = RealtimeEvent['kind'];

/** A payload from the bus, or null for anything that is not one of the events above. */
export function parseRealtimeEvent(payload: string): RealtimeEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = realtimeEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
