import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

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
    // worker has its own e2e server). Much of a test's time is spent in other
    // processes (the server, PostgreSQL, Chromium), so even a 2-core machine
    // keeps two workers busy; Vitest's own default there would be one.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', 'pglite'),
      ...(withPostgres ? [serverProject('server-postgres', 'postgres')] : []),
      ...(fs.existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
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
