/**
 * The realtime bus: how one server instance tells every instance (itself
 * included) that something happened, so each can tell its own WebSocket
 * clients (decision 029). Events carry ids, never rows: PostgreSQL's NOTIFY
 * payload is capped at 8000 bytes, and each instance reads the committed row
 * itself, once, whatever number of its sockets want it.
 *
 * Publish only after the change is committed: a listener reads the row as soon
 * as the event arrives.
 */
/** The NOTIFY channel every instance LISTENs on (migration 0007 names it too). */
export const REALTIME_NOTIFY_CHANNEL = 'calm_realtime';

export type RealtimeEvent =
  /** A message was written to the conversation of `member_id`. */
  | { kind: 'message'; message_id: string; member_id: string }
  /** Messages of a conversation were read, by the admins (member messages) or by the member (admin replies). */
  | { kind: 'read'; member_id: string; reader: 'admin' | 'member'; read_at: string }
  /**
   * Some session of this account may have ended (sign-out, deactivation, password change) or its rights
   * changed: check its sockets, forget what is remembered of it (lib/account-cache.ts). Published by the
   * code that made the change, and by the database itself on every such write (migration 0007, decision 040).
   */
  | { kind: 'session_ended'; user_id: string }
  /**
   * A delivery was written to the outbox and committed: each instance's outbox worker looks for due
   * rows now rather than at its next poll. Sent by the database itself on every insert (migration 0013).
   */
  | { kind: 'outbox_due' };

/**
 * Not sent over the bus: the local adapter's own news that it was cut off from
 * the others for a while (`since`), and is connected again. Events published in
 * between never reached this instance; the hub catches up from the database.
 */
export type BusResumed = { kind: 'resumed'; since: Date };

export type BusListener = (event: RealtimeEvent | BusResumed) => void;

export interface RealtimeBus {
  publish(event: RealtimeEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  /**
   * While this instance hears every event, including the database's own (migration 0007): a number that
   * changes each time it was cut off in between (a reconnect); null while cut off, and after close.
   * Whatever was learnt under another number may have missed an event (lib/account-cache.ts).
   */
  hearing(): number | null;
  close(): Promise<void>;
}

/** Parses a payload from another instance; anything else is dropped. */
export function parseRealtimeEvent(payload: string): RealtimeEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<RealtimeEvent> & Record<string, unknown>;
    if (event.kind === 'message' && typeof event.message_id === 'string' && typeof event.member_id === 'string') {
      return { kind: 'message', message_id: event.message_id, member_id: event.member_id };
    }
    if (
      event.kind === 'read' &&
      typeof event.member_id === 'string' &&
      (event.reader === 'admin' || event.reader === 'member') &&
      typeof event.read_at === 'string'
    ) {
      return { kind: 'read', member_id: event.member_id, reader: event.reader, read_at: event.read_at };
    }
    if (event.kind === 'outbox_due') return { kind: 'outbox_due' };
    if (event.kind === 'session_ended' && typeof event.user_id === 'string') {
      return { kind: 'session_ended', user_id: event.user_id };
    }
  } catch {
    // not JSON: dropped below
  }
  return null;
}

/** Calls every listener; one that throws does not keep the event from the others. */
export function fanOut(
  listeners: Iterable<BusListener>,
  event: RealtimeEvent | BusResumed,
  onError: (error: unknown) => void,
) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}
