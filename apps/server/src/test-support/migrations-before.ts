import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';
import { createTestDatabase } from './test-database';

type Journal = { entries: { tag: string }[] } & Record<string, unknown>;

/**
 * A temporary migrations folder holding the committed migrations that come
 * before the one named `name` (e.g. 'conversations' for 0012_conversations).
 * Found by name, not number, so renumbering the migrations leaves a test
 * working. The caller removes the folder.
 */
function migrationsBefore(name: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.replace(/^\d+_/, '') === name);
  if (at < 0) throw new Error(`No migration named ${name}`);
  const entries = journal.entries.slice(0, at);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/**
 * A migration's test: a new, empty database (PGlite in memory, or a new
 * PostgreSQL database under TEST_DATABASE=postgres) opened by the app's own
 * client and migrated only up to the migration named `name`, so the test can
 * write rows the way the app wrote them then, apply the rest (`migrateRest`)
 * and check what the migration made of them.
 */
export async function databaseBefore(name: string) {
  const database = await createTestDatabase({ fresh: true });
  const earlier = migrationsBefore(name);
  const handle: DatabaseHandle = await openDatabase({
    databaseUrl: database.url,
    dataDir: 'memory://',
    migrationsFolder: earlier,
  });
  return {
    db: handle.db,
    /** Runs one statement and returns its rows. */
    query: async <T>(statement: SQL) => ((await handle.db.execute(statement)) as unknown as { rows: T[] }).rows,
    migrateRest: () => handle.migrate(),
    close: async () => {
      await handle.close();
      await database.drop();
      fs.rmSync(earlier, { recursive: true, force: true });
    },
  };
}
