import { afterAll, beforeAll, expect, it } from 'vitest';
import { captureLogs, LOG_LEVEL } from '../../../test-support/captured-logs';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { createSettableClock } from '../clock';
import { startProgrammeScheduler } from './scheduler';

/** The scheduler's loop runs other domains' passes after its own (the mails, local renewals). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { programmeSchedulerOff: true });
});
afterAll(() => server.close());

it('runs every other pass after its own, logs a failing one on its own, and still runs the rest', async () => {
  const { logger, entries } = captureLogs();
  const ran: string[] = [];
  const scheduler = startProgrammeScheduler({
    db: server.database.db,
    clock: createSettableClock(),
    logger,
    catchUpMs: 60_000,
    intervalMs: 3_600_000,
    afterPasses: [
      async () => {
        ran.push('first');
        throw new Error('the first pass broke');
      },
      async () => {
        ran.push('second');
      },
    ],
  });
  await scheduler.runNow();
  await scheduler.close();
  // The pass at start, then the one asked for: both other passes each time, the failure never stopping the second.
  expect(ran).toEqual(['first', 'second', 'first', 'second']);
  const failures = entries.filter((entry) => entry.level === LOG_LEVEL.error && entry.msg === 'scheduler: pass failed');
  expect(failures).toHaveLength(2);
  expect(failures.map((entry) => (entry.err as { message: string }).message)).toEqual([
    'the first pass broke',
    'the first pass broke',
  ]);
});
