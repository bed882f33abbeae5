import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresInstance, type PostgresInstance } from './test-support/postgres-instance';
import { TestClient } from './test-support/test-client';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './test-support/test-database';

/**
 * Two server processes on one PostgreSQL database, as several API instances
 * run in production. A session ended, an account deactivated, a password
 * reset or a role removed through one instance is refused by the other on its
 * very next request (well inside a second): neither keeps sessions in memory
 * (decision 016). PGlite is one process per data directory, so this runs on
 * PostgreSQL only.
 */
const onPostgres = testDatabaseKind() === 'postgres' ? describe : describe.skip;
const SECRET = 'two-instances-share-this-secret-0123456789abcdef';

onPostgres('two instances on one database', () => {
  let database: TestDatabase;
  let dataDir: string;
  let a: PostgresInstance;
  let b: PostgresInstance;
  let chief: TestClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-two-'));
    // One after the other: each applies the migrations at start-up.
    a = await startPostgresInstance(database.url!, dataDir, SECRET);
    b = await startPostgresInstance(database.url!, dataDir, SECRET);
    chief = new TestClient(a.url);
    // signUp follows the confirmation link: the verified ADMIN_EMAILS address is an admin.
    expect((await chief.signUp('chief@example.com')).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A member signed in through instance A, and the same browser's cookie sent to instance B. */
  async function memberOnBoth(email: string) {
    const onA = new TestClient(a.url);
    const signUp = await onA.signUp(email);
    expect(signUp.status).toBe(200);
    // The confirmation link signed this client in (TestClient.signUp): replay its cookie on B.
    const cookie = onA.cookieHeader();
    const onB = (p: string, init: RequestInit = {}) =>
      fetch(`${b.url}${p}`, { ...init, headers: { cookie, origin: b.url, ...init.headers } });
    expect((await onB('/api/me/profile')).status).toBe(200);
    return { id: signUp.body.user.id as string, onA, onB };
  }

  /** The first request B answers after the change on A, and how long after the change it came. */
  async function nextOnB(request: () => Promise<Response>) {
    const changed = Date.now();
    const res = await request();
    return { status: res.status, ms: Date.now() - changed };
  }

  it('refuses a member deactivated on the other instance', async () => {
    const { id, onB } = await memberOnBoth('deactivated@example.com');
    expect((await chief.patch(`/api/admin/users/${id}/active`, { is_active: false })).status).toBe(200);
    const next = await nextOnB(() => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.ms).toBeLessThan(1000);
  });

  it('refuses a session signed out on the other instance', async () => {
    const { onA, onB } = await memberOnBoth('signed-out@example.com');
    expect((await onA.signOut()).status).toBe(200);
    const next = await nextOnB(() => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.ms).toBeLessThan(1000);
  });

  it('refuses old sessions once the password was reset on the other instance', async () => {
    const { onA, onB } = await memberOnBoth('reset@example.com');
    await onA.post('/api/auth/request-password-reset', { email: 'reset@example.com', redirectTo: '/auth/callback' });
    const { token, type } = await onA.latestMailTo('reset@example.com', /Reset your/);
    expect(type).toBe('recovery');
    const reset = await new TestClient(a.url).post('/api/auth/reset-password', {
      token,
      newPassword: 'a-brand-new-river-7',
    });
    expect(reset.status).toBe(200);
    const next = await nextOnB(() => onB('/api/me/profile'));
    expect(next.status).toBe(401);
    expect(next.ms).toBeLessThan(1000);
  });

  it('refuses admin work once the admin role was removed on the other instance', async () => {
    const { id, onB } = await memberOnBoth('deputy@example.com');
    expect((await chief.post(`/api/admin/users/${id}/roles`, { role: 'admin' })).status).toBe(200);
    const grant = () =>
      onB(`/api/admin/users/${id}/roles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'user' }),
      });
    expect((await grant()).status).toBe(200);
    expect((await chief.delete(`/api/admin/users/${id}/roles/admin`)).status).toBe(200);
    const next = await nextOnB(grant);
    expect(next.status).toBe(403);
    expect(next.ms).toBeLessThan(1000);
  });
});
