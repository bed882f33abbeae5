import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../test-support/free-port';
import { testDatabaseKind } from '../test-support/test-database';

/**
 * Log lines are written asynchronously (a request never waits for stdout), so
 * a clean shutdown must write out whatever is still buffered: every request
 * answered before SIGTERM has its line in the output.
 */
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;
const entry = path.resolve(import.meta.dirname, '../index.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

pgliteOnly(
  'writes every request line before the process exits on SIGTERM',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-log-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`${url}/api/health`)).ok) break;
        } catch {
          // not listening yet
        }
        if (i > 600 || child.exitCode !== null) throw new Error('server never became healthy');
        await new Promise((r) => setTimeout(r, 100));
      }
      const answered = 50;
      await Promise.all(Array.from({ length: answered }, (_, i) => fetch(`${url}/api/health?n=${i}`)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);

      const lines = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; path?: string; status?: number });
      const requests = lines.filter((l) => l.msg === 'request' && l.path === '/api/health' && l.status === 200);
      // The readiness probes above add a few more.
      expect(requests.length).toBeGreaterThanOrEqual(answered);
      expect(lines.some((l) => l.msg === 'shutting down')).toBe(true);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  120_000,
);
