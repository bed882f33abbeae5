/**
 * The realtime bus: how one server instance tells every instance (itself
 * included) that something happened, so each can tell its own WebSocket
 * clients (decision 029). Events carry ids, never rows: PostgreSQL's NOTIFY
 * payload is capped at 8000 bytes, and each instance reads the committed row
 * itself, once, whatever number of its sockets want it.
 *
 * Publish only after the change is committed: a listener reads the row as soon
 * as the event arrives. The events themselves are described, and parsed on
 * arrival, in packages/shared/src/realtime/events.ts (decision 053).
 */
import type { RealtimeEvent } from '@app/shared';
import type { Logger } from '../logger';

export type { RealtimeEvent };
/** The NOTIFY channel every instance LISTENs on (migration 0007 names it too). */
export const REALTIME_NOTIFY_CHANNEL = 'calm_realtime';

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
   * Whatever was learnt under another number may have missed an event (lib/accounts/account-cache.ts).
   */
  hearing(): number | null;
  close(): Promise<void>;
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

/**
 * A payload on the bus's channel that is no event (another version's, a
 * hand-written NOTIFY): dropped, and said so once per payload, by its size
 * only, so a deploy that speaks two versions of the events shows up in the logs.
 */
export function notUnderstood(logger: Logger, payload: string) {
  logger.warn({ bytes: payload.length }, 'realtime event not understood; dropped');
}
