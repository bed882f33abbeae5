import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import { createTestDatabase, testDatabaseKind } from './test-database';

/**
 * A new, empty database migrated only up to the migration before `tag`, so a
 * test can fill it the way the app wrote it then, run the rest of the
 * migrations (`migrateRest`) and check what they made of it. PGlite in memory,
 * or a new PostgreSQL database under TEST_DATABASE=postgres.
 */
export async function databaseBefore(tag: string) {
  const journalPath = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  // The migrations before `tag`: a copy of the folder whose journal stops there.
  const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, earlier, { recursive: true });
  fs.writeFileSync(
    path.join(earlier, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
  );

  const handle = await open();
  await handle.migrate(earlier);
  return {
    /** Runs one statement and returns its rows. */
    query: handle.query,
    migrateRest: () => handle.migrate(MIGRATIONS_DIR),
    close: async () => {
      await handle.close();
      fs.rmSync(earlier, { recursive: true, force: true });
    },
  };
}

async function open() {
  if (testDatabaseKind() === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = await PGlite.create();
    const db = drizzle({ client });
    return {
      query: async <T>(statement: SQL) => (await db.execute(statement)).rows as T[],
      migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const database = await createTestDatabase({ fresh: true });
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: database.url, max: 2 });
  const db = drizzle({ client: pool });
  return {
    query: async <T>(statement: SQL) => (await db.execute(statement)).rows as T[],
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}
