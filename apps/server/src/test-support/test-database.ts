import { inject } from 'vitest';
import { adminQuery, copyPgliteTemplate, databaseUrl, uniqueDatabaseName } from './database-template';

/**
 * Integration tests run on PGlite, and the same suite runs on PostgreSQL
 * when TEST_DATABASE=postgres and DATABASE_URL are set. Each server in a
 * test gets its own database, dropped afterwards: a copy of the
 * run's migrated, seeded template (test-support/global-setup.ts), or an
 * empty one for tests about creating, migrating or seeding a database.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  /** DATABASE_URL for the server; undefined on PGlite, whose copy is a data directory (createTestDataDir). */
  url: string | undefined;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** An empty database (the server runs every migration and the seed itself). */
  fresh?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    return { url: undefined, drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = uniqueDatabaseName('calm_test');
  const template = options.fresh ? undefined : inject('postgresTemplate');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A new temporary data directory (DATA_DIR) for a server process or a restart
 * test, holding a copy of the run's migrated, seeded PGlite database; `fresh`
 * leaves it empty, so the server creates the database itself. The caller removes it.
 */
export function createTestDataDir(prefix = 'calm-test-', options: TestDatabaseOptions = {}): string {
  return copyPgliteTemplate(options.fresh ? undefined : inject('pgliteTemplate'), prefix);
}
