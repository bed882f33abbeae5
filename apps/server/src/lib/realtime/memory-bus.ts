import { parseRealtimeEvent } from '@app/shared';
import type { Logger } from '../logger';
import {
  fanOut,
  notUnderstood,
  REALTIME_NOTIFY_CHANNEL,
  type BusListener,
  type RealtimeBus,
  type RealtimeEvent,
} from './bus';

/** LISTENs on the embedded database's channel; resolves to the function that stops it. */
export type ListenToDatabase = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * The bus of a PGlite server: PGlite is one process's database (one server per
 * data directory), so every listener lives in this process. Events are handed
 * on in a later task, as NOTIFY would, never inside the publisher's call.
 *
 * The database's own notices (migration 0007: an account's sessions, state or
 * roles changed) come through PGlite's LISTEN, which hands them over before
 * the writing query's promise settles. Without `listen` the bus hears none of
 * them, and says so (`hearing()` is null).
 */
export async function createMemoryBus(logger: Logger, listen?: ListenToDatabase): Promise<RealtimeBus> {
  const listeners = new Set<BusListener>();
  let closed = false;
  const onListenerError = (err: unknown) => logger.error({ err }, 'realtime listener failed');
  const unlisten = await listen?.(REALTIME_NOTIFY_CHANNEL, (payload) => {
    const event = parseRealtimeEvent(payload);
    if (!event) notUnderstood(logger, payload);
    else if (!closed) fanOut(listeners, event, onListenerError);
  });
  return {
    publish: async (event: RealtimeEvent) => {
      if (closed) return;
      setImmediate(() => fanOut(listeners, event, onListenerError));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // One database in this process: once listening, nothing can come between it and this bus.
    hearing: () => (unlisten && !closed ? 0 : null),
    close: async () => {
      closed = true;
      listeners.clear();
      await unlisten?.().catch(() => {});
    },
  };
}
