import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { MIGRATIONS_DIR } from '../paths';
import { withEventLoopTurns } from './pglite-event-loop';
import { withPreparedStatements } from './pglite-prepared';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => …)` callback receives: the writes that commit or roll back together. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** The raw PostgreSQL URL in postgres mode (the realtime bus needs its own client: see survivesConnectionErrors). */
  url?: string;
  /**
   * One `select 1`, straight to the driver: the health check's query, without
   * the ORM building it or a prepared statement's extra protocol messages.
   */
  ping(): Promise<void>;
  /**
   * PGlite only: LISTEN on a channel of the embedded database (the realtime bus
   * hears the database's own notices through it). PostgreSQL's bus opens a
   * connection of its own instead.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Applies the migrations of `folder` not applied yet (all committed ones by default). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** Told about each PostgreSQL connection that breaks (the server logs it); the process carries on. */
  onConnectionError?: (error: Error) => void;
  /**
   * Migrations to apply on opening, instead of every committed one: a migration's
   * test opens a database as it was before it (test-support/migrations-before.ts).
   */
  migrationsFolder?: string;
}

/** A PostgreSQL connection, or the pool that owns some: both emit 'error' when their socket breaks. */
interface ConnectionEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Node ends the process on an 'error' event nobody listens to, and
 * node-postgres emits one whenever PostgreSQL restarts or drops a connection.
 * Every PostgreSQL client we hold must go through here: the pool (idle
 * connections), each connection it opens (one checked out for a transaction),
 * and any dedicated client opened later, such as the realtime bus's LISTEN
 * connection (which must also reconnect and LISTEN again itself: a lone
 * client, unlike the pool, does not come back on its own).
 */
export function survivesConnectionErrors(connection: ConnectionEvents, onError: (error: Error) => void) {
  connection.on('error', onError);
}

/** Opens the database and applies every committed migration. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onConnectionError ?? (() => {}))
    : await openPglite(options.dataDir);
  try {
    await handle.migrate(options.migrationsFolder);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Connections per instance. Measured with 50 members writing to the AI coach
 * at once (docs/performance.md, "AI coach"; 2 cores): 20 was no faster than 10
 * and often slower (more backends contending for the same cores), 5 no better.
 * Most of a job's statements run while it waits for the model, so few queue.
 */
const POSTGRES_POOL_SIZE = 10;

async function openPostgres(url: string, onConnectionError: (error: Error) => void) {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // While PostgreSQL is away, a request waits at most this long for a
  // connection, then answers 503, instead of hanging until the client gives up.
  const pool = new Pool({ connectionString: url, max: POSTGRES_POOL_SIZE, connectionTimeoutMillis: 10_000 });
  // The pool drops a broken connection and opens a new one on the next query:
  // it recovers by itself once PostgreSQL is back, as long as nothing crashes first.
  survivesConnectionErrors(pool, onConnectionError);
  pool.on('connect', (client) => survivesConnectionErrors(client, onConnectionError));
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    driver: 'postgres' as const,
    url,
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async (folder = MIGRATIONS_DIR) => {
      await migrate(db, { migrationsFolder: folder });
    },
    close: () => pool.end(),
  };
}

/** Where PGlite keeps its files inside a data directory. */
export const pgliteDataPath = (dataDir: string) => path.resolve(dataDir, 'pgdata');

async function openPglite(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : await acquireDataDirLock(dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    client = inMemory ? await PGlite.create() : await PGlite.create(pgliteDataPath(dataDir));
  } catch (error) {
    release();
    throw error;
  }
  const prepared = withEventLoopTurns(withPreparedStatements(client));
  const db = drizzle({ client: prepared, schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite' as const,
    ping: async () => {
      await prepared.query('select 1');
    },
    listen: (channel: string, onPayload: (payload: string) => void) => client.listen(channel, onPayload),
    migrate: async (folder = MIGRATIONS_DIR) => {
      await migrate(db, { migrationsFolder: folder });
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
