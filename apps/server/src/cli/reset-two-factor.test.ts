import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESET_TWO_FACTOR_ENTRY } from '../../../../scripts/build-server.mjs';
import { openDatabase } from '../db/client';
import { auditLog, sessions, twoFactors, users } from '../db/schema';
import { compiledCommandOn } from '../test-support/compiled-command';
import { createTestDataDir, testDatabaseKind } from '../test-support/test-database';

let dataDir: string;

// The CLI's job is the PGlite data directory here; on PostgreSQL it is the same code path.
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;

beforeAll(async () => {
  dataDir = createTestDataDir('calm-reset-2fa-');
  const handle = await openDatabase({ dataDir });
  await handle.db.insert(users).values([
    { id: 'u-lost', name: 'Lost Phone', email: 'lost@example.com', emailVerified: true, twoFactorEnabled: true },
    { id: 'u-plain', name: 'No Factor', email: 'plain@example.com', emailVerified: true },
  ]);
  await handle.db.insert(twoFactors).values({ id: 'tf-lost', userId: 'u-lost', secret: 'x', backupCodes: 'y' });
  await handle.db.insert(sessions).values({
    id: 's-lost',
    token: 'token-lost',
    userId: 'u-lost',
    expiresAt: new Date(Date.now() + 86_400_000),
    twoFactorVerified: true,
  });
  await handle.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const reset = (email: string) => compiledCommandOn(RESET_TWO_FACTOR_ENTRY, dataDir)(email);

pgliteOnly(
  'removes the factor, ends every session and writes an audit row',
  async () => {
    const result = await reset('Lost@Example.com');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain('lost@example.com: two-step sign-in removed and every session ended.');
    const handle = await openDatabase({ dataDir });
    const [account] = await handle.db.select().from(users).where(eq(users.id, 'u-lost'));
    const factors = await handle.db.select().from(twoFactors).where(eq(twoFactors.userId, 'u-lost'));
    const left = await handle.db.select().from(sessions).where(eq(sessions.userId, 'u-lost'));
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.targetUserId, 'u-lost'));
    await handle.close();
    expect(account!.twoFactorEnabled).toBe(false);
    expect(factors).toEqual([]);
    expect(left).toEqual([]);
    expect(audit).toMatchObject([
      { actorId: null, action: 'two_factor.reset', details: { source: 'reset-two-factor CLI' } },
    ]);
  },
  60_000,
);

pgliteOnly(
  'changes nothing for an account without a factor, and refuses an unknown address',
  async () => {
    expect(await reset('plain@example.com')).toMatchObject({ code: 0 });
    const unknown = await reset('nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account uses nobody@example.com.');
    expect((await reset('not-an-address')).code).toBe(2);
  },
  60_000,
);
