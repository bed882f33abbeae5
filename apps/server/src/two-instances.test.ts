import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CACHE_TTL_MS } from './lib/accounts/account-cache';
import { listenConnectionName } from './lib/realtime/postgres-bus';
import { startPostgresInstance, type PostgresInstance } from './test-support/postgres-instance';
import { answer, TestClient } from './test-support/test-client';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test-support/test-database';
import { answerWithin, waitFor } from './test-support/wait-for';

/**
 * Two server processes on one PostgreSQL database, as several API instances
 * run in production. A session ended, an account deactivated, a password
 * reset or change, or a role removed through one instance is refused by the
 * other as soon as the database's notice of the change arrives. Each instance
 * remembers accounts for ACCOUNT_CACHE_TTL_MS, and forgets one when that notice
 * arrives (decision 040); every member here was just read on B, so B holds them
 * when the change is made, and a refusal before the memory would have expired
 * can only be the notice's doing. (How fast the notice travels, well inside a
 * second, is a speed figure, not something a loaded machine can promise a test.)
 * PGlite is one process per data directory, so this runs on PostgreSQL only.
 */
const onPostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;
const SECRET = 'two-instances-share-this-secret-0123456789abcdef';

onPostgres('two instances on one database', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: PostgresInstance;
  let b: PostgresInstance;
  let chief: TestClient;
  let sql: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-two-'));
    // One after the other: each applies the migrations at start-up.
    a = await startPostgresInstance(database.url!, dataDir, SECRET);
    b = await startPostgresInstance(database.url!, dataDir, SECRET);
    chief = new TestClient(a.url);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    // signUp follows the confirmation link: the verified ADMIN_EMAILS address is an admin.
    expect((await chief.signUp('chief@example.com')).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /**
   * A member signed in through instance A, and the same browser's cookie sent to instance B;
   * with `secondFactor`, after setting one up on A (as an admin must, decision 047).
   */
  async function memberOnBoth(email: string, { secondFactor = false } = {}) {
    const onA = new TestClient(a.url);
    const signUp = await onA.signUp(email);
    expect(signUp.status).toBe(200);
    if (secondFactor) await onA.enrolSecondFactor();
    // The confirmation link signed this client in (TestClient.signUp): replay its cookie on B.
    const cookie = onA.cookieHeader();
    const onB = (p: string, init: RequestInit = {}) =>
      fetch(`${b.url}${p}`, { ...init, headers: { cookie, origin: b.url, ...init.headers } });
    const cachedFrom = Date.now();
    expect((await onB('/api/me/profile')).status).toBe(200);
    return { id: signUp.body.user.id as string, onA, onB, cachedFrom };
  }

  /**
   * B's answer to `request` once it is `refused`, asked again until then or until B's memory
   * of the account (stored no earlier than `cachedFrom`) would have expired, and whether it
   * came before that: only the database's notice of the change can explain a refusal then.
   */
  async function nextOnB(cachedFrom: number, request: () => Promise<Response>, refused = 401) {
    const expiry = cachedFrom + ACCOUNT_CACHE_TTL_MS;
    const status = await answerWithin(async () => (await request()).status, refused, expiry - Date.now());
    return { status, beforeExpiry: Date.now() < expiry };
  }

  it('refuses a member deactivated on the other instance', async () => {
    const { id, onB, cachedFrom } = await memberOnBoth('deactivated@example.com');
    expect(
      (await answer(chief.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: false } }))).status,
    ).toBe(200);
    const next = await nextOnB(cachedFrom, () => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.beforeExpiry).toBe(true);
  });

  it('refuses a session signed out on the other instance', async () => {
    const { onA, onB, cachedFrom } = await memberOnBoth('signed-out@example.com');
    expect((await onA.signOut()).status).toBe(200);
    const next = await nextOnB(cachedFrom, () => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.beforeExpiry).toBe(true);
  });

  it('refuses old sessions once the password was reset on the other instance', async () => {
    const { onA, onB, cachedFrom } = await memberOnBoth('reset@example.com');
    await onA.post('/api/auth/request-password-reset', { email: 'reset@example.com', redirectTo: '/auth/callback' });
    const { token, type } = await onA.latestMailTo('reset@example.com', /Reset your/);
    expect(type).toBe('recovery');
    const reset = await new TestClient(a.url).post('/api/auth/reset-password', {
      token,
      newPassword: 'a-brand-new-river-7',
    });
    expect(reset.status).toBe(200);
    const next = await nextOnB(cachedFrom, () => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.beforeExpiry).toBe(true);
  });

  it('refuses admin work once the admin role was removed on the other instance', async () => {
    const { id, onB } = await memberOnBoth('deputy@example.com', { secondFactor: true });
    expect(
      (
        await answer(
          chief.api.admin.users[':id'].roles.$post({
            param: { id },
            json: { role: 'admin', code: chief.authenticatorCode() },
          }),
        )
      ).status,
    ).toBe(200);
    const grant = () =>
      onB(`/api/admin/users/${id}/roles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'user' }),
      });
    // Granting the role took a while (a second factor): B's memory of the account starts here.
    const cachedFrom = Date.now();
    expect((await grant()).status).toBe(200);
    expect(
      (await answer(chief.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'admin' } }))).status,
    ).toBe(200);
    const next = await nextOnB(cachedFrom, grant, 403);
    expect(next.status).toBe(403);
    expect(next.beforeExpiry).toBe(true);
  });

  it('refuses other sessions once the password was changed on the other instance', async () => {
    const { onB, cachedFrom } = await memberOnBoth('changed@example.com');
    // The same member on a second device, through A, changes the password.
    const laptop = new TestClient(a.url);
    expect((await laptop.signIn('changed@example.com')).status).toBe(200);
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: 'calm-river-42',
      newPassword: 'a-brand-new-river-8',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const next = await nextOnB(cachedFrom, () => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.beforeExpiry).toBe(true);
  });

  /** The pid of B's LISTEN connection, once it has one. */
  async function listenPidOfB(): Promise<number | undefined> {
    const { rows } = await sql.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [listenConnectionName(b.child.pid)],
    );
    return rows[0]?.pid;
  }

  it('refuses a member deactivated while B was cut off from the database’s notices', async () => {
    const { id, onB } = await memberOnBoth('cut-off@example.com');
    // B's LISTEN connection dies, as in a PostgreSQL restart: notices sent until
    // it is back never reach B, so B must not serve what it remembered.
    const before = await waitFor(listenPidOfB, "B's LISTEN connection");
    const { rows } = await sql.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [before]);
    expect(rows[0]!.ended).toBe(true);
    expect(
      (await answer(chief.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: false } }))).status,
    ).toBe(200);
    // Not a moment of grace here: B knows it may have missed the notice, so its very next answer is the database's.
    expect((await onB('/api/me/profile')).status).toBe(401);

    // Back on the bus, B still answers from the database's word.
    await waitFor(async () => {
      const pid = await listenPidOfB();
      return pid !== undefined && pid !== before;
    }, "B's new LISTEN connection");
    expect(
      (await answer(chief.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: true } }))).status,
    ).toBe(200);
    expect((await onB('/api/me/profile')).status).toBe(401); // its sessions were ended with the deactivation
    const again = new TestClient(b.url);
    expect((await again.signIn('cut-off@example.com')).status).toBe(200);
    expect((await answer(again.api.me.profile.$get())).status).toBe(200);
  });
});
