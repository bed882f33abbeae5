import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The run's temporary files in memory when the machine has a tmpfs: every
 * server test copies the 41 MB template database (1,248 files) and removes it
 * after, and PGlite writes its pages through the file system. On a disk's file
 * system that copying and removing was about 30% of the PGlite server project's
 * CPU; on tmpfs a copy costs about an eighth as much (decision 069). TMPDIR is
 * what os.tmpdir() reads, here, in the workers, and in every process they start
 * (servers, Chromium's profiles). The folder goes with the run.
 */
function keepTemporaryFilesInMemory() {
  const memory = '/dev/shm';
  if (process.env.CALM_TEST_TMPDIR || !fs.existsSync(memory)) return;
  const folder = fs.mkdtempSync(path.join(memory, 'calm-test-'));
  process.env.TMPDIR = process.env.CALM_TEST_TMPDIR = folder;
  process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
}
keepTemporaryFilesInMemory();

/**
 * One test command for the whole product (npm test):
 * shared rules, server integration (PGlite, and PostgreSQL when DATABASE_URL
 * is set), web components in jsdom, and end-to-end in Chromium.
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
const withPostgres = Boolean(process.env.DATABASE_URL);

/** The server projects on each database: every file starts from one migrated, seeded copy (test-support/global-setup.ts). */
const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: serverTests,
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: ['apps/server/src/test-support/global-setup.ts'],
    // The files of a worker share one module graph instead of importing the whole
    // server again for each (about 30% of the server projects' time). Safe because
    // every test builds its app and database through startTestServer, and what the
    // server keeps at module level is process-wide by design (verified cookie
    // signatures keyed by secret, better-auth's call contexts, the log stream), never
    // one app's state. Module state added later must not belong to one app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Files run in parallel across every project, end-to-end ones too (each
    // worker has its own e2e server). Much of a test's time is spent waiting on
    // other processes (the server, PostgreSQL, Chromium) and on the pages' own
    // timers, so one worker more than the cores keeps them busy: with two workers
    // a 2-core machine was idle a fifth of the time, with three hardly at all
    // (decision 069). Vitest's own default there would be one.
    maxWorkers: Number(process.env.TEST_WORKERS) || os.availableParallelism() + 1,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
      ...['apps/web/vitest.config.ts', 'apps/web/vitest.mocking.config.ts'].filter((file) => fs.existsSync(file)),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // As in the server projects: a worker's files share one module graph, so Playwright's
          // client and the support code are imported once per worker, not once per file. Safe
          // because the support modules keep no state of their own (each file connects to its
          // worker's browser and makes its own accounts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the page will show; Vitest's 1 s default fails on a busy machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
