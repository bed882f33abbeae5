import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { userRoles } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { recordAudit } from '../../lib/accounts/audit';
import { rolesOf } from '../../lib/accounts/roles';
import { startServer, type RunningServer } from '../../server';
import { freePort } from '../../test-support/free-port';
import { TestClient } from '../../test-support/test-client';
import {
  createTestDatabase,
  createTestDataDir,
  testDatabaseKind,
  type TestDatabase,
} from '../../test-support/test-database';

/**
 * Start-up applies ADMIN_EMAILS to verified accounts only, and reports the
 * admin roles that no proven address stands behind (decision 010). Two server
 * runs share one database, as a restart does.
 */
let testDb: TestDatabase;
let dataDir: string;
let server: RunningServer | undefined;
const logLines: Array<Record<string, unknown>> = [];
const ids: Record<string, string> = {};

async function start(env: Record<string, string>, logTo?: Writable) {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    AUTH_RATE_LIMIT_MAX: '10000',
    SIGN_IN_RATE_LIMIT_MAX: '10000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  return startServer(config, createLogger('info', logTo ?? new Writable({ write: (_c, _e, done) => done() })));
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = testDatabaseKind() === 'pglite' ? createTestDataDir('calm-restart-') : 'memory://';

  // First run, before anyone is listed: a verified and an unverified account with
  // addresses that will be listed, and the state the old rule left behind: an
  // unconfirmed sign-up holding admin, which then made a second account admin.
  server = await start({});
  const client = () => new TestClient(server!.url);
  ids.verified = (await client().signUp('verified.boss@example.com')).body.user.id;
  ids.unverified = (await client().requestSignUp('unverified.boss@example.com')).body.user.id;
  ids.squatter = (await client().requestSignUp('squatter@example.com', 'squat-here-31')).body.user.id;
  ids.accomplice = (await client().signUp('accomplice@example.com')).body.user.id;
  // Written directly: an unconfirmed account can no longer sign in to grant anything (decision 046).
  await server.database.db.insert(userRoles).values({ userId: ids.squatter!, role: 'admin' });
  await server.database.db.insert(userRoles).values({ userId: ids.accomplice!, role: 'admin' });
  await recordAudit(server.database.db, {
    actorId: ids.squatter!,
    action: 'role.add',
    targetUserId: ids.accomplice!,
    details: { role: 'admin' },
  });
  await server.close();

  const capture = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await start({ ADMIN_EMAILS: 'verified.boss@example.com,unverified.boss@example.com' }, capture);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await testDb.drop();
  if (dataDir !== 'memory://') fs.rmSync(dataDir, { recursive: true, force: true });
});

it('grants the listed role to verified accounts only', async () => {
  const db = server!.database.db;
  expect(await rolesOf(db, ids.verified!)).toEqual(['admin', 'user']);
  expect(await rolesOf(db, ids.unverified!)).toEqual(['user']);
  expect(logLines).toContainEqual(
    expect.objectContaining({ msg: 'admin role granted from ADMIN_EMAILS', granted: ['verified.boss@example.com'] }),
  );
});

it('warns about an admin whose address is unverified, and about the admin it made', () => {
  const warnings = logLines.filter((l) => l.level === 40);
  expect(warnings).toContainEqual(
    expect.objectContaining({
      userId: ids.squatter,
      email: 'squatter@example.com',
      msg: expect.stringMatching(/^admin role is held by an account whose address is not verified/),
    }),
  );
  expect(warnings).toContainEqual(
    expect.objectContaining({
      userId: ids.accomplice,
      email: 'accomplice@example.com',
      grantedBy: 'squatter@example.com',
      msg: expect.stringMatching(/^admin role was granted by an account whose address is not verified/),
    }),
  );
  // Reported, not silently kept or silently removed: an operator decides.
  expect(warnings).toHaveLength(2);
});

it('leaves the reported roles in place for an operator to check', async () => {
  expect(await rolesOf(server!.database.db, ids.squatter!)).toEqual(['admin', 'user']);
});
