import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from '../test-support/free-port';
import { startServerProcess } from '../test-support/server-process';
import { createTestDataDir, testDatabaseKind } from '../test-support/test-database';

/**
 * Log lines are written asynchronously (a request never waits for stdout), so
 * a clean shutdown must write out whatever is still buffered: every request
 * answered before SIGTERM has its line in the output.
 */
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;

pgliteOnly(
  'writes every request line before the process exits on SIGTERM',
  async () => {
    const dataDir = createTestDataDir('calm-log-');
    const port = await freePort();
    // The compiled server, as `npm start` runs it.
    const { child, exited, ready } = startServerProcess({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
    });
    // The log is stdout alone: stderr's chunks could land inside a line.
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    try {
      const url = await ready;
      const answered = 50;
      await Promise.all(Array.from({ length: answered }, (_, i) => fetch(`${url}/api/health?n=${i}`)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);

      const lines = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; path?: string; status?: number });
      const requests = lines.filter((l) => l.msg === 'request' && l.path === '/api/health' && l.status === 200);
      expect(requests.length).toBeGreaterThanOrEqual(answered);
      expect(lines.some((l) => l.msg === 'shutting down')).toBe(true);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  120_000,
);

it('writes the lines still gathered when the process exits without shutting down', () => {
  // Fewer lines than a batch, then process.exit: only the exit hook can write them.
  const logger = pathToFileURL(path.join(import.meta.dirname, 'logger.ts')).href;
  const script = `
    const { createLogger } = await import(${JSON.stringify(logger)});
    const log = createLogger('info');
    for (let i = 0; i < 10; i++) log.info({ n: i }, 'gathered');
    process.exit(0);
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(0);
  const numbers = run.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { n: number }).n);
  expect(numbers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
