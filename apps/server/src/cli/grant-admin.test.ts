import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GRANT_ADMIN_ENTRY } from '../../../../scripts/build-server.mjs';
import { openDatabase } from '../db/client';
import { userRoles, users } from '../db/schema';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { compiledCommandOn } from '../test-support/compiled-command';
import { createTestDataDir, testDatabaseKind } from '../test-support/test-database';

let dataDir: string;

// The CLI's job is the PGlite data directory; PostgreSQL mode is the same code path.
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;

// The compiled CLI (built once per run by the global setup) on a copy of the run's migrated database.
beforeAll(async () => {
  dataDir = createTestDataDir('calm-cli-');
  const handle = await openDatabase({ dataDir });
  await handle.db.insert(users).values([
    { id: 'u-cli', name: 'Cli User', email: 'cli@example.com', emailVerified: true },
    { id: 'u-unconfirmed', name: 'Not Yet', email: 'unconfirmed@example.com', emailVerified: false },
  ]);
  await handle.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const grant = (email: string) => compiledCommandOn(GRANT_ADMIN_ENTRY, dataDir)(email);

pgliteOnly(
  'grants admin to an existing account',
  async () => {
    const result = await grant('CLI@example.com');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain('cli@example.com now holds the admin role.');
    const handle = await openDatabase({ dataDir });
    const roles = await handle.db.select().from(userRoles).where(eq(userRoles.userId, 'u-cli'));
    await handle.close();
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'user']);
  },
  60_000,
);

pgliteOnly(
  'refuses an account whose address is not verified (decision 010)',
  async () => {
    const result = await grant('unconfirmed@example.com');
    expect(result.code).toBe(1);
    expect(result.out).toContain('The account using unconfirmed@example.com has not verified its address yet');
    const handle = await openDatabase({ dataDir });
    const roles = await handle.db.select().from(userRoles).where(eq(userRoles.userId, 'u-unconfirmed'));
    await handle.close();
    expect(roles.map((r) => r.role)).toEqual(['user']);
  },
  60_000,
);

pgliteOnly(
  'says so when no account uses the address',
  async () => {
    const result = await grant('ghost@example.com');
    expect(result.code).toBe(1);
    expect(result.out).toContain('No account uses ghost@example.com');
  },
  60_000,
);

pgliteOnly(
  'refuses a data directory a running server holds',
  async () => {
    const release = await acquireDataDirLock(dataDir);
    try {
      // The lock names this test process, which is alive: the CLI must refuse.
      const result = await grant('cli@example.com');
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/is in use by process \d+/);
    } finally {
      release();
    }
  },
  60_000,
);
