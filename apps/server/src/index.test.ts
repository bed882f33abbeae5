import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, compiledCommand } from '../../../scripts/build-server.mjs';
import { LOCK_FILE } from './db/data-dir-lock';
import { freePort } from './test-support/free-port';
import { testDatabaseKind } from './test-support/test-database';

/** The real process, as `npm start` runs it (compiled): one server per data directory, clean shutdown. */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-proc-'));
  await buildServer();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(port: number, env: Record<string, string> = {}) {
  // node itself, so the pid we see is the server's own
  const { command, args } = compiledCommand();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server never became healthy');
}

pgliteOnly(
  'holds its data directory, refuses a second server on it, and releases it on SIGTERM',
  async () => {
    const port = await freePort();
    const first = start(port);
    await waitHealthy(port, first.child);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(first.child.pid));

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  },
  60_000,
);

it('refuses to start in production without its settings, naming each one', async () => {
  const proc = start(await freePort(), { APP_ENV: 'production' });
  expect(await proc.exited).toBe(1);
  for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'PUBLIC_URL', 'SMTP_URL']) {
    expect(proc.output()).toContain(`${name} is required when APP_ENV=production`);
  }
}, 30_000);
