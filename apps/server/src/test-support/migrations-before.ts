import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths';

type Journal = { entries: { tag: string }[] } & Record<string, unknown>;

/**
 * A temporary migrations folder holding the committed migrations that come
 * before the one named `name` (e.g. 'conversations' for 0012_conversations): a
 * migration's test opens a database with it (DatabaseOptions.migrationsFolder),
 * writes rows the old way, then applies the rest (handle.migrate()). Found by
 * name, not number, so renumbering the migrations leaves the test working.
 * The caller removes the folder.
 */
export function migrationsBefore(name: string): string {
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
