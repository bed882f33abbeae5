import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { withPreparedStatements } from './pglite-prepared';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** The raw PostgreSQL URL in postgres mode (the realtime bus needs its own client). */
  url?: string;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir: string;
}

/** Opens the database and applies every committed migration. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(url: string) {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    driver: 'postgres' as const,
    url,
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDataDirLock(dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    client = inMemory ? await PGlite.create() : await PGlite.create(path.resolve(dataDir, 'pgdata'));
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzle({ client: withPreparedStatements(client), schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite' as const,
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
