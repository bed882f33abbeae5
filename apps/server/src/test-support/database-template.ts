import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, pgliteDataPath } from '../db/client';
import { seedDatabase } from '../db/seed';

/**
 * One migrated and seeded database per test run, copied for every test file
 * instead of built from nothing. A new PGlite database runs initdb and every
 * migration (seconds each, far longer on a busy machine); loading a copy takes
 * a fraction of that. Made once by the server projects' global setup.
 */

export interface PgliteTemplate {
  /** The database as a data directory's PGlite folder, copied for every server and test (DATA_DIR). */
  pgdata: string;
}

/** Builds the PGlite template in `dir` (a data directory on disk). */
export async function createPgliteTemplate(dir: string): Promise<PgliteTemplate> {
  const dataDir = path.join(dir, 'data');
  const handle = await openDatabase({ dataDir });
  try {
    await seedDatabase(handle.db);
  } finally {
    await handle.close();
  }
  return { pgdata: pgliteDataPath(dataDir) };
}

/** A new temporary data directory (DATA_DIR) holding a copy of the template's database. The caller removes it. */
export function copyPgliteTemplate(template: PgliteTemplate | undefined, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (template) fs.cpSync(template.pgdata, pgliteDataPath(dir), { recursive: true });
  return dir;
}

/** `postgres://…/postgres` with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (CREATE and DROP DATABASE cannot run inside one). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A database name no other test run uses. */
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

/**
 * A migrated, seeded PostgreSQL database that test databases are created from
 * (CREATE DATABASE … TEMPLATE: a file copy inside PostgreSQL). Nothing may stay
 * connected to it, so the pool is closed before it is used.
 */
export async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = uniqueDatabaseName('calm_template');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory://' });
  try {
    await seedDatabase(handle.db);
  } finally {
    await handle.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
