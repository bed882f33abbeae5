import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { captureLogs, LOG_LEVEL } from '../../test-support/captured-logs';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { createMemoryBus } from '../realtime/memory-bus';
import { createPostgresBus } from '../realtime/postgres-bus';
import type { RealtimeBus } from '../realtime/bus';
import { enqueue, type OutboxRow } from './outbox';
import { DEFAULT_OUTBOX_SETTINGS, startOutboxWorker, type Deliverer, type OutboxSettings } from './worker';

/**
 * The outbox itself, on a real database, through one topic ('whatsapp') the
 * server's own worker is told to leave alone (ServerOptions.outboxTopicsLeftAlone):
 * each test's worker delivers those rows with a scripted deliverer.
 */
const FAST: OutboxSettings = {
  ...DEFAULT_OUTBOX_SETTINGS,
  pollIntervalMs: 50,
  retry: { baseDelayMs: 50, maxDelayMs: 200, jitter: 0, maxAttempts: 1000, giveUpAfterMs: 10 * 60_000 },
};

let server: TestServer;
let bus: RealtimeBus;
beforeAll(async () => {
  server = await startTestServer({}, { outboxTopicsLeftAlone: ['whatsapp'] });
  const { database } = server;
  const silent = captureLogs('silent').logger;
  bus = database.url
    ? await createPostgresBus({ url: database.url, db: database.db, logger: silent })
    : await createMemoryBus(silent, database.listen);
});
afterAll(async () => {
  await bus?.close();
  await server?.close();
});

/** An error the scripted deliverer calls permanent. */
class Refused extends Error {}

/**
 * A deliverer that records each attempt (payload's `n`, start and end) and
 * answers from a script: 'ok', 'fail' (worth a retry) or 'refuse' (permanent),
 * per payload, in order; 'ok' once the script runs out.
 */
function scripted(script: Record<number, ('ok' | 'fail' | 'refuse')[]> = {}, holdMs = 0) {
  const attempts: { n: number; start: number; end: number; key: string | null }[] = [];
  const deliverer: Deliverer = {
    log: { noun: 'test delivery', idKey: 'testId' },
    isRetryable: (error) => !(error instanceof Refused),
    async deliver(row: OutboxRow) {
      const n = row.payload.n as number;
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      attempts.push({ n, start, end: Date.now(), key: row.orderingKey });
      const answer = script[n]?.shift() ?? 'ok';
      if (answer === 'fail') throw new Error(`attempt at ${n} failed`);
      if (answer === 'refuse') throw new Refused(`${n} refused`);
    },
  };
  return { deliverer, attempts };
}

const rowsOf = (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await server.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!));

function worker(deliverer: Deliverer, settings: Partial<OutboxSettings> = {}, logger = captureLogs('silent').logger) {
  const running = startOutboxWorker({
    db: server.database.db,
    deliverers: { whatsapp: deliverer },
    logger,
    bus,
    settings: { ...FAST, ...settings },
  });
  return running;
}

describe('one delivery', () => {
  it('is retried after a failure worth retrying, with the wait of the policy, and delivered once', async () => {
    const { deliverer, attempts } = scripted({ 1: ['fail', 'fail'] });
    const logs = captureLogs();
    const running = worker(deliverer, {}, logs.logger);
    try {
      const id = await enqueue(server.database.db, { topic: 'whatsapp', payload: { n: 1 } });
      const [row] = await waitFor(async () => {
        const rows = await rowsOf([id]);
        return rows[0]!.status === 'sent' && rows;
      }, 'delivery');
      expect(row).toMatchObject({ attempts: 3, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(attempts.map((a) => a.n)).toEqual([1, 1, 1]);
      // 50 ms after the first failure, 100 ms after the second.
      expect(attempts[1]!.start - attempts[0]!.end).toBeGreaterThanOrEqual(50);
      expect(attempts[2]!.start - attempts[1]!.end).toBeGreaterThanOrEqual(100);
      const warnings = logs.entries.filter((e) => e.msg === 'test delivery not delivered yet');
      expect(warnings.map((w) => [w.testId, w.attempts, w.retryInMs])).toEqual([
        [id, 1, 50],
        [id, 2, 100],
      ]);
    } finally {
      await running.close();
    }
  });

  it('is retried when its retry falls due, not at the next poll', async () => {
    const { deliverer, attempts } = scripted({ 1: ['fail', 'fail'] });
    // No poll within the test: only the worker's own wake-ups bring the retries.
    const running = worker(deliverer, { pollIntervalMs: 60 * 60_000 });
    try {
      const id = await enqueue(server.database.db, { topic: 'whatsapp', payload: { n: 1 } });
      await waitFor(async () => (await rowsOf([id]))[0]!.status === 'sent', 'delivery');
      expect(attempts.map((a) => a.n)).toEqual([1, 1, 1]);
    } finally {
      await running.close();
    }
  });

  it('fails at once when the deliverer calls the error permanent', async () => {
    const { deliverer, attempts } = scripted({ 2: ['refuse'] });
    const logs = captureLogs();
    const running = worker(deliverer, {}, logs.logger);
    try {
      const id = await enqueue(server.database.db, { topic: 'whatsapp', payload: { n: 2 } });
      const [row] = await waitFor(async () => {
        const rows = await rowsOf([id]);
        return rows[0]!.status === 'failed' && rows;
      }, 'the refusal');
      expect(row).toMatchObject({ attempts: 1, lastError: '2 refused', sentAt: null });
      expect(attempts).toHaveLength(1);
      expect(logs.entries.find((e) => e.msg === 'test delivery refused for good: not delivered')).toMatchObject({
        level: LOG_LEVEL.error,
        testId: id,
      });
    } finally {
      await running.close();
    }
  });

  it('is given up after the last attempt the policy allows, and the deliverer is told once', async () => {
    const { deliverer, attempts } = scripted({ 3: ['fail', 'fail', 'fail', 'fail'] });
    const givenUp: [number, string][] = [];
    deliverer.onGiveUp = async (row, error) => {
      // Told before the row is marked: the row is still pending here.
      const [stored] = await rowsOf([row.id]);
      givenUp.push([row.payload.n as number, `${stored!.status}: ${(error as Error).message}`]);
    };
    const running = worker(deliverer, { retry: { ...FAST.retry, maxAttempts: 3 } });
    try {
      const id = await enqueue(server.database.db, { topic: 'whatsapp', payload: { n: 3 } });
      const [row] = await waitFor(async () => {
        const rows = await rowsOf([id]);
        return rows[0]!.status === 'failed' && rows;
      }, 'giving up');
      expect(row).toMatchObject({ attempts: 3, lastError: 'attempt at 3 failed' });
      expect(attempts).toHaveLength(3);
      expect(givenUp).toEqual([[3, 'pending: attempt at 3 failed']]);
    } finally {
      await running.close();
    }
  });

  it('tells the deliverer of a refusal, and waits as the deliverer says when it says', async () => {
    const { deliverer, attempts } = scripted({ 4: ['fail', 'fail'], 5: ['refuse'] });
    const givenUp: number[] = [];
    deliverer.onGiveUp = async (row) => void givenUp.push(row.payload.n as number);
    // The policy would wait 50 ms, then 100 ms; this deliverer asks for 300 ms after every failure.
    deliverer.retryDelayMs = () => 300;
    const logs = captureLogs();
    const running = worker(deliverer, {}, logs.logger);
    try {
      const ids = [
        await enqueue(server.database.db, { topic: 'whatsapp', payload: { n: 4 } }),
        await enqueue(server.database.db, { topic: 'whatsapp', payload: { n: 5 } }),
      ];
      const rows = await waitFor(async () => {
        const current = await rowsOf(ids);
        return current.every((row) => row.status !== 'pending') && current;
      }, 'both rows settled');
      expect(rows.map((row) => row.status)).toEqual(['sent', 'failed']);
      expect(givenUp).toEqual([5]);
      const fours = attempts.filter((a) => a.n === 4);
      expect(fours).toHaveLength(3);
      expect(fours[1]!.start - fours[0]!.end).toBeGreaterThanOrEqual(300);
      expect(fours[2]!.start - fours[1]!.end).toBeGreaterThanOrEqual(300);
      const waits = logs.entries.filter((e) => e.msg === 'test delivery not delivered yet').map((e) => e.retryInMs);
      expect(waits).toEqual([300, 300]);
    } finally {
      await running.close();
    }
  });
});

describe('the caller’s transaction', () => {
  it('never delivers a row whose transaction rolled back, and delivers a committed one without waiting for a poll', async () => {
    const { deliverer, attempts } = scripted();
    // No poll in the test's time: only the database's word after commit wakes this worker.
    const running = worker(deliverer, { pollIntervalMs: 60 * 60_000 });
    try {
      const db = server.database.db;
      // A first delivery, so the worker's start-up pass is over before the transactions below.
      const warmUp = await enqueue(db, { topic: 'whatsapp', payload: { n: 39 } });
      await waitFor(async () => (await rowsOf([warmUp]))[0]!.status === 'sent', 'the first delivery');
      let rolledBackId = '';
      await expect(
        db.transaction(async (tx) => {
          rolledBackId = await enqueue(tx, { topic: 'whatsapp', payload: { n: 40 } });
          throw new Error('the caller’s write failed');
        }),
      ).rejects.toThrow('the caller’s write failed');
      const committedId = await db.transaction((tx) => enqueue(tx, { topic: 'whatsapp', payload: { n: 41 } }));

      // The row says sent once the worker has recorded the delivery, a moment after the deliverer returns.
      await waitFor(async () => (await rowsOf([committedId]))[0]!.status === 'sent', 'the committed delivery');
      expect(await db.select().from(outbox).where(eq(outbox.id, rolledBackId))).toEqual([]);
      expect(attempts.map((a) => a.n)).toEqual([39, 41]);
    } finally {
      await running.close();
    }
  });
});

describe('an ordering key', () => {
  it('sends deliveries of one key one at a time, in the order they were queued, while other keys go alongside', async () => {
    // The first of contact A fails once: the rest of A waits for its retry rather than overtaking it.
    const { deliverer, attempts } = scripted({ 10: ['fail'] }, 30);
    const running = worker(deliverer, { batchSize: 10 });
    try {
      const ids = await server.database.db.transaction(async (tx) => {
        const queued: string[] = [];
        for (const [n, key] of [
          [10, 'contact-a'],
          [11, 'contact-a'],
          [20, 'contact-b'],
          [12, 'contact-a'],
          [21, 'contact-b'],
        ] as const) {
          queued.push(await enqueue(tx, { topic: 'whatsapp', payload: { n }, orderingKey: key }));
        }
        return queued;
      });
      await waitFor(async () => (await rowsOf(ids)).every((row) => row.status === 'sent'), 'every delivery');

      const of = (key: string) => attempts.filter((a) => a.key === key);
      expect(of('contact-a').map((a) => a.n)).toEqual([10, 10, 11, 12]);
      expect(of('contact-b').map((a) => a.n)).toEqual([20, 21]);
      for (const key of ['contact-a', 'contact-b']) {
        const spans = of(key);
        // Each starts after the one before it has ended: never two of one key in flight.
        for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
      }
      // The two keys did not wait for each other: their first deliveries overlapped.
      const [a, b] = [of('contact-a')[0]!, of('contact-b')[0]!];
      expect(Math.max(a.start, b.start)).toBeLessThan(Math.min(a.end, b.end));
    } finally {
      await running.close();
    }
  });

  it('hands the turn to the next delivery of the key when one is given up', async () => {
    const { deliverer, attempts } = scripted({ 30: ['refuse'] });
    const running = worker(deliverer);
    try {
      const ids = await server.database.db.transaction(async (tx) => [
        await enqueue(tx, { topic: 'whatsapp', payload: { n: 30 }, orderingKey: 'contact-c' }),
        await enqueue(tx, { topic: 'whatsapp', payload: { n: 31 }, orderingKey: 'contact-c' }),
      ]);
      const rows = await waitFor(async () => {
        const current = await rowsOf(ids);
        return current.every((row) => row.status !== 'pending') && current;
      }, 'both rows settled');
      expect(rows.map((row) => row.status)).toEqual(['failed', 'sent']);
      expect(attempts.map((a) => a.n)).toEqual([30, 31]);
    } finally {
      await running.close();
    }
  });
});
