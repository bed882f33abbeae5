import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { outbox, users } from '../../db/schema';
import type { Database } from '../../db/client';
import { loadConfig } from '../../env';
import { startServer, type RunningServer } from '../../server';
import { startFakeSmtpServer, startSilentServer } from '../../test-support/fakes/fake-smtp-server';
import { freePort } from '../../test-support/free-port';
import { mailRowsTo, mailRowValues } from '../../test-support/outbox-rows';
import { TestClient } from '../../test-support/test-client';
import { createTestDatabase, createTestDataDir, testDatabaseKind } from '../../test-support/test-database';
import { startTestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { extractLinks } from './mailer';
import { DEFAULT_OUTBOX_SETTINGS, type OutboxSettings } from '../outbox/worker';

/** The outbox in moments rather than minutes; no jitter, so the waits can be checked. */
const FAST: OutboxSettings = {
  ...DEFAULT_OUTBOX_SETTINGS,
  pollIntervalMs: 50,
  retry: { baseDelayMs: 100, maxDelayMs: 400, jitter: 0, maxAttempts: 1000, giveUpAfterMs: 10 * 60_000 },
};

/** Things to close after each test, last opened first. */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A logger that keeps what it writes, to check what reaches the log. */
function captureLogs() {
  const raw: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void raw.push(line) });
  const entries = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, raw, entries };
}

const rowTo = async (db: Database, to: string) => (await mailRowsTo(db, to))[0];

/** The confirmation token in a delivered mail's /auth/callback link. */
function callbackToken(text: string): { type: string | null; token: string | null } {
  const link = extractLinks(text).find((l) => l.includes('/auth/callback#'));
  if (!link) throw new Error('no callback link in the mail');
  const fragment = new URLSearchParams(new URL(link).hash.slice(1));
  return { type: fragment.get('type'), token: fragment.get('access_token') };
}

describe('when the mail server is down', () => {
  it('still answers sign-up, keeps the confirmation mail and delivers it once the server is back', async () => {
    const smtpPort = await freePort(); // nothing listens there yet
    const logs = captureLogs();
    const server = await startTestServer(
      { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      { outbox: FAST, logger: logs.logger },
    );
    cleanups.push(() => server.close());
    const db = server.database.db;

    const started = Date.now();
    const member = server.client();
    expect((await member.requestSignUp('outage@example.com')).status).toBe(200);
    // Delivery cannot happen before the mail server starts below, so an answer at all shows sign-up
    // did not wait for it; the bound rules out waiting on SMTP timeouts, with room for a busy machine.
    expect(Date.now() - started).toBeLessThan(15_000);

    const failing = await waitFor(async () => {
      const row = await rowTo(db, 'outage@example.com');
      return row && row.attempts >= 2 && row;
    }, 'failed attempts');
    expect(failing.status).toBe('pending');
    expect(failing.lastError).toMatch(/ECONNREFUSED/);
    expect(logs.entries().find((e) => e.msg === 'mail not delivered yet')).toMatchObject({
      level: 40,
      mailId: failing.id,
    });

    // The mail server comes back; no request is needed for the mail to go out.
    const smtp = await startFakeSmtpServer(smtpPort);
    cleanups.push(() => smtp.close());
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes('outage@example.com')), 'delivery');
    expect(mail.from).toBe('hello@calmspace.local');
    const { type, token } = callbackToken(mail.text);
    expect(type).toBe('signup');

    const sent = await waitFor(async () => {
      const row = await rowTo(db, 'outage@example.com');
      return row?.status === 'sent' && row;
    }, 'the row marked sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.lastError).toBeNull();
    expect(smtp.received.filter((m) => m.to.includes('outage@example.com'))).toHaveLength(1);

    // The link in the delivered mail confirms the address (in the browser that signed up, decision 046).
    const verified = await member.get(`/api/auth/verify-email?token=${encodeURIComponent(token!)}`);
    expect(verified.status).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.email, 'outage@example.com'));
    expect(user?.emailVerified).toBe(true);

    // The log names the mail by its id; its link never reaches the log.
    expect(logs.raw.join('\n')).not.toContain('/auth/callback');
  });

  it('gives up after the last attempt, marks the mail failed and logs an error with its id only', async () => {
    const logs = captureLogs();
    const server = await startTestServer(
      { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
      { outbox: { ...FAST, retry: { ...FAST.retry, maxAttempts: 3 } }, logger: logs.logger },
    );
    cleanups.push(() => server.close());

    expect((await server.client().requestSignUp('unlucky@example.com')).status).toBe(200);
    const failed = await waitFor(async () => {
      const row = await rowTo(server.database.db, 'unlucky@example.com');
      return row?.status === 'failed' && row;
    }, 'the mail given up');
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    const given = logs.entries().filter((e) => e.msg === 'mail given up: not delivered');
    expect(given).toEqual([expect.objectContaining({ level: 50, mailId: failed.id, attempts: 3 })]);
    const log = logs.raw.join('\n');
    expect(log).not.toContain('/auth/callback');
    expect(log).not.toContain('Confirm your email');
  });
});

describe('a mail server that refuses for a while', () => {
  it('retries with growing waits, counts the attempts and delivers once', async () => {
    const smtp = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    smtp.refuseNext(2);
    const logs = captureLogs();
    const settings = { ...FAST, retry: { ...FAST.retry, baseDelayMs: 300, maxDelayMs: 5000 } };
    const server = await startTestServer({ SMTP_URL: smtp.url }, { outbox: settings, logger: logs.logger });
    cleanups.push(() => server.close());

    expect((await server.client().requestSignUp('flaky@example.com')).status).toBe(200);
    const row = await waitFor(async () => {
      const r = await rowTo(server.database.db, 'flaky@example.com');
      return r?.status === 'sent' && r;
    }, 'delivery');

    expect(row.attempts).toBe(3);
    const tries = smtp.transactions.filter((t) => t.to.includes('flaky@example.com'));
    expect(tries.map((t) => t.accepted)).toEqual([false, false, true]);
    // 300 ms after the first refusal, then 600 ms after the second.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(300);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(600);

    const warnings = logs.entries().filter((e) => e.msg === 'mail not delivered yet');
    expect(warnings.map((w) => [w.mailId, w.attempts, w.retryInMs])).toEqual([
      [row.id, 1, 300],
      [row.id, 2, 600],
    ]);
    expect(warnings[0]!.error).toMatch(/451/);
  });
});

describe('a restart', () => {
  it('sends the mail that was being sent when the server stopped', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const dataDir = testDatabaseKind() === 'pglite' ? createTestDataDir('calm-outbox-') : 'memory://';
    if (dataDir !== 'memory://') cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const start = async (env: Record<string, string>, settings: OutboxSettings): Promise<RunningServer> => {
      const port = await freePort();
      const config = loadConfig({
        APP_ENV: 'local',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        // Kept across the restart, so the mail's link still works afterwards.
        AUTH_SECRET: 'outbox-restart-test-secret-0123456789abcdef',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...env,
      });
      return startServer(config, pino({ level: 'silent' }), { outbox: settings });
    };

    // A mail server that takes the connection and never answers: the send is in flight.
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    const first = await start({ SMTP_URL: silent.url }, { ...FAST, leaseMs: 1000, closeTimeoutMs: 100 });
    let firstOpen = true;
    cleanups.push(() => firstOpen && first.close());
    const signer = new TestClient(first.url);
    expect((await signer.requestSignUp('restart@example.com')).status).toBe(200);
    await waitFor(() => silent.connections > 0, 'the send to start');

    const closing = Date.now();
    await first.close();
    firstOpen = false;
    // close() gives up waiting on the hung send instead of waiting out SMTP's timeouts.
    expect(Date.now() - closing).toBeLessThan(5000);

    const smtp = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    const second = await start({ SMTP_URL: smtp.url }, FAST);
    cleanups.push(() => second.close());

    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes('restart@example.com')), 'delivery');
    const row = await waitFor(async () => {
      const r = await rowTo(second.database.db, 'restart@example.com');
      return r?.status === 'sent' && r;
    }, 'the row marked sent');
    expect(row.attempts).toBe(2);
    const { token } = callbackToken(mail.text);
    // Followed in the browser that signed up (decision 046), now talking to the restarted server.
    const verified = await new TestClient(second.url).get(
      `/api/auth/verify-email?token=${encodeURIComponent(token!)}`,
      {
        cookie: signer.cookieHeader(),
      },
    );
    expect(verified.status).toBe(200);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('two instances on one PostgreSQL database', () => {
  it('send each mail exactly once between them', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const smtp = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    const settings = { ...FAST, pollIntervalMs: 20, batchSize: 3 };
    const start = async (from: string) => {
      const port = await freePort();
      const config = loadConfig({
        APP_ENV: 'local',
        PORT: String(port),
        DATA_DIR: 'memory://',
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        MAIL_FROM: from, // tells the two instances apart at the mail server
        WEB_DIST_DIR: '/nonexistent-web-dist',
      });
      return startServer(config, pino({ level: 'silent' }), { outbox: settings });
    };
    // The mail server answers nothing until both instances are sending: each
    // must have claimed rows of its own while the other's were still out.
    smtp.holdUntilSenders(2);
    const a = await start('A <a@calm.test>');
    const b = await start('B <b@calm.test>');
    const open = new Set([a, b]);
    cleanups.push(() => Promise.all([...open].map((s) => s.close())));

    const addresses = Array.from({ length: 60 }, (_, i) => `bulk${i}@example.com`);
    await a.database.db
      .insert(outbox)
      .values(
        addresses.map((to) =>
          mailRowValues({ to, subject: 'Hello', text: 'Hello from the outbox', html: '<p>Hello</p>' }),
        ),
      );

    await waitFor(async () => {
      const [row] = await a.database.db
        .select({ left: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.status, 'pending'));
      return row!.left === 0;
    }, 'every mail sent');
    // Closing waits for any send still under way, so every delivery is counted.
    await Promise.all([a.close(), b.close()]);
    open.clear();

    const deliveries = addresses.map((to) => smtp.received.filter((m) => m.to.includes(to)).length);
    expect(deliveries).toEqual(addresses.map(() => 1));
    expect(new Set(smtp.received.map((m) => m.from))).toEqual(new Set(['a@calm.test', 'b@calm.test']));
  });
});

describe('retention', () => {
  it('purges sent and failed mail after seven days and keeps the rest', async () => {
    const server = await startTestServer({}, { outbox: { ...FAST, purgeIntervalMs: 50 } });
    cleanups.push(() => server.close());
    const db = server.database.db;
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    const mail = (to: string) => ({ to, subject: 'Old', text: 'Old mail', html: '<p>Old</p>' });
    await db
      .insert(outbox)
      .values([
        mailRowValues(mail('old.sent@example.com'), { status: 'sent', createdAt: eightDaysAgo, sentAt: eightDaysAgo }),
        mailRowValues(mail('old.failed@example.com'), { status: 'failed', createdAt: eightDaysAgo }),
        mailRowValues(mail('recent.sent@example.com'), { status: 'sent', sentAt: new Date() }),
      ]);

    await waitFor(async () => !(await rowTo(db, 'old.sent@example.com')), 'the purge');
    expect(await rowTo(db, 'old.failed@example.com')).toBeUndefined();
    expect(await rowTo(db, 'recent.sent@example.com')).toMatchObject({ status: 'sent' });
  });
});
