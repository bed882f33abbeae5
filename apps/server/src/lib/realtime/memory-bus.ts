import type { Logger } from '../logger';
import { fanOut, type BusListener, type RealtimeBus, type RealtimeEvent } from './bus';

/**
 * The bus of a PGlite server: PGlite is one process's database (one server per
 * data directory), so every listener lives in this process. Events are handed
 * on in a later task, as NOTIFY would, never inside the publisher's call.
 */
export function createMemoryBus(logger: Logger): RealtimeBus {
  const listeners = new Set<BusListener>();
  let closed = false;
  return {
    publish: async (event: RealtimeEvent) => {
      if (closed) return;
      setImmediate(() => fanOut(listeners, event, (err) => logger.error({ err }, 'realtime listener failed')));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      listeners.clear();
    },
  };
}
