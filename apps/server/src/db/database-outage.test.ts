import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../lib/database-errors';
import { DATABASE_DOWN_MESSAGE } from '../routes/health/health.routes';
import { freePort } from '../test-support/free-port';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy';
import { answer, TestClient, type JsonResponse } from '../test-support/test-client';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test-support/test-database';

/**
 * PostgreSQL restarts, fails over, or has its connections killed: the server
 * must stay up, answer 503 meanwhile, and carry on by itself once it is back.
 * The server runs as its own process, so a crash shows, and reaches its own
 * database through a TCP relay the test can cut.
 */
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : describe.skip;

let testDb: TestDatabase;
let proxy: TcpProxy;
let server: ServerProcess;
let baseUrl: string;
let member: TestClient;

/** Polls until `check` holds, so the test waits for the event and not for a guessed time. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Outcome =
  { label: string; status: number; body: any; retryAfter: string | null } | { label: string; error: string };

/** A few clients asking in a loop, as visitors keep doing while the database is away. */
function startLoad(requests: Array<[label: string, send: () => Promise<JsonResponse>]>, workers = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i++) {
      const [label, send] = requests[i % requests.length]!;
      try {
        const res = await send();
        outcomes.push({ label, status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') });
      } catch (error) {
        outcomes.push({ label, error: String(error) });
      }
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every answer is a success, or a 503 that says so in JSON and says when to retry; never a dead socket or a 500. */
function expectOnlySuccessOr503(outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    expect(outcome, JSON.stringify(outcome)).not.toHaveProperty('error');
    if (!('status' in outcome) || outcome.status === 200) continue;
    expect(outcome.status, JSON.stringify(outcome)).toBe(503);
    expect(outcome.retryAfter).toMatch(/^\d+$/);
    expect(outcome.body.error, JSON.stringify(outcome)).toEqual(
      outcome.label === 'health' ? DATABASE_DOWN_MESSAGE : SERVICE_UNAVAILABLE_MESSAGE,
    );
  }
}

async function expectRecovered() {
  await until(async () => (await answer(member.api.health.$get())).status === 200, 'health is ok again');
  expect((await answer(member.api.health.$get())).body).toMatchObject({ ok: true, database: 'postgres' });
  const profile = await answer(member.api.me.profile.$get());
  expect(profile.status).toBe(200);
  expect(profile.body.id).toBeDefined();
  expect((await new TestClient(baseUrl).signIn('outage@example.com')).status).toBe(200);
  expect(server.child.exitCode).toBeNull();
}

postgresOnly('when PostgreSQL drops its connections', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const databaseUrl = new URL(testDb.url!);
    proxy = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    databaseUrl.hostname = '127.0.0.1';
    databaseUrl.port = String(proxy.port);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = startServerProcess({
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      AUTH_SECRET: 'outage-drill-secret-of-at-least-32-characters',
      AUTH_RATE_LIMIT_MAX: '100000',
      SIGN_IN_RATE_LIMIT_MAX: '100000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    await server.ready;
    member = new TestClient(baseUrl);
    expect((await member.signUp('outage@example.com')).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await proxy?.close();
    await testDb?.drop();
  });

  it('stays up when every connection to its database is terminated under load, then serves again', async () => {
    const load = startLoad([
      ['health', () => answer(member.api.health.$get())],
      ['profile', () => answer(member.api.me.profile.$get())],
      ['session', () => member.get('/api/auth/get-session')],
      ['focus areas', () => answer(member.api.catalog['focus-areas'].$get())],
    ]);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await until(() => load.outcomes.length >= 20, 'the load is running');
      // Several rounds, each once the server has had time to open new connections.
      for (let round = 0; round < 5; round++) {
        const { rows } = await admin.query(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [new URL(testDb.url!).pathname.slice(1)],
        );
        expect(rows.length).toBeGreaterThan(0);
        const seen = load.outcomes.length;
        await until(() => load.outcomes.length >= seen + 8, 'requests carry on after the connections were ended');
        expect(server.child.exitCode).toBeNull();
      }
    } finally {
      await admin.end();
      await load.stop();
    }
    expect(server.child.exitCode).toBeNull();
    expectOnlySuccessOr503(load.outcomes);
    await expectRecovered();
    expect(server.output()).toContain('database connection lost');
  }, 60_000);

  it('answers 503 in JSON while the database is away, and recovers by itself when it returns', async () => {
    proxy.cut();
    try {
      await until(async () => (await answer(member.api.health.$get())).status === 503, 'health reports the outage');
      const health = await answer(member.api.health.$get());
      expect(health.body).toEqual({
        ok: false,
        database: 'postgres',
        version: expect.any(String),
        whatsapp: 'local',
        error: DATABASE_DOWN_MESSAGE,
      });
      expect(health.headers.get('retry-after')).toMatch(/^\d+$/);

      const visitor = new TestClient(baseUrl);
      const during = [
        await answer(member.api.me.profile.$get()),
        await member.get('/api/auth/get-session'),
        await answer(member.api.me.profile.$patch({ json: { full_name: 'During the outage' } })),
        await visitor.signIn('outage@example.com'),
        await visitor.requestSignUp('newcomer@example.com'),
      ];
      for (const res of during) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      expect(server.child.exitCode).toBeNull();
    } finally {
      proxy.restore();
    }
    await expectRecovered();
    // Nothing was half-written during the outage.
    expect((await answer(member.api.me.profile.$get())).body.full_name).not.toBe('During the outage');
  }, 60_000);
});
