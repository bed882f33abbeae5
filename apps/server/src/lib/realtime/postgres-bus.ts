import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { survivesConnectionErrors } from '../../db/client';
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

/** The LISTEN connection's name in pg_stat_activity: which instance's it is, for operators (and the scale-out test). */
export const listenConnectionName = (pid = process.pid) => `calm-realtime-listen-${pid}`;

export interface PostgresBusOptions {
  url: string;
  /** The app's pool: events are published through it (NOTIFY), so a lost LISTEN connection never stops a send. */
  db: Database;
  logger: Logger;
  /** Waits before each reconnect attempt, the last one repeated. */
  reconnectDelaysMs?: readonly number[];
  /** How often the LISTEN connection is checked with a query (a silently dead one is found and replaced). */
  keepAliveMs?: number;
}

const DEFAULT_RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];
const DEFAULT_KEEP_ALIVE_MS = 15_000;

/**
 * The bus of a PostgreSQL server: LISTEN/NOTIFY, so several instances on one
 * database hear each other with no extra service (decision 029).
 *
 * LISTEN needs one connection of its own, held for the process's life (a
 * pooled one would be handed to other queries). A lone pg client does not come
 * back by itself, so this one is watched: an 'error' or 'end' (PostgreSQL
 * restarted, the connection was terminated) or a failed keep-alive query starts
 * reconnecting with backoff; once connected it LISTENs again and tells its
 * listeners it `resumed`, since when, so what was published meanwhile can be
 * read from the database. No error here ever ends the process.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<RealtimeBus> {
  const { url, db, logger } = options;
  const delays = options.reconnectDelaysMs ?? DEFAULT_RECONNECT_DELAYS_MS;
  const listeners = new Set<BusListener>();
  let current: pg.Client | null = null;
  let downSince: Date | null = null;
  let attempt = 0;
  /** Counts the LISTEN connections made: what hearing() answers while one is up. */
  let connections = 0;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const onListenerError = (err: unknown) => logger.error({ err }, 'realtime listener failed');

  function lost(client: pg.Client, err?: Error) {
    if (closed || client !== current) return;
    logger.warn({ err }, 'realtime LISTEN connection lost; reconnecting');
    current = null;
    downSince ??= new Date();
    client.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((err) => {
        logger.warn({ err, attempt }, 'realtime LISTEN connection failed; retrying');
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  async function connect() {
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: listenConnectionName() });
    // Before connect(): an error emitted with nobody listening would end the process.
    survivesConnectionErrors(client, (err) => lost(client, err));
    client.on('end', () => lost(client));
    client.on('notification', (notification) => {
      if (notification.channel !== REALTIME_NOTIFY_CHANNEL || !notification.payload) return;
      const event = parseRealtimeEvent(notification.payload);
      if (event) fanOut(listeners, event, onListenerError);
      else notUnderstood(logger, notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_NOTIFY_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    connections += 1;
    attempt = 0;
    if (downSince) {
      const since = downSince;
      downSince = null;
      logger.info({ since }, 'realtime LISTEN connection back');
      fanOut(listeners, { kind: 'resumed', since }, onListenerError);
    }
  }

  // A connection can die without a word (a cable, a firewall's idle timeout):
  // a small query now and then finds it out, and TCP keep-alive backs it up.
  const keepAlive = setInterval(() => {
    const client = current;
    if (!client) return;
    client.query('select 1').catch((err: Error) => lost(client, err));
  }, options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS);
  keepAlive.unref();

  try {
    await connect();
  } catch (err) {
    // The server starts anyway (its pool has just migrated the database); the bus catches up.
    logger.warn({ err }, 'realtime LISTEN connection failed at start-up; retrying');
    downSince = new Date();
    scheduleReconnect();
  }

  return {
    publish: async (event: RealtimeEvent) => {
      if (closed) return;
      await db.execute(sql`select pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hearing: () => (current ? connections : null),
    close: async () => {
      closed = true;
      clearInterval(keepAlive);
      clearTimeout(reconnectTimer);
      listeners.clear();
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
