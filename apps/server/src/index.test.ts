import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiledCommand } from '../../../scripts/build-server.mjs';
import { LOCK_FILE } from './db/data-dir-lock';
import { freePort } from './test-support/free-port';
import { startServerProcess } from './test-support/server-process';
import { waitFor } from './test-support/wait-for';
import { createTestDataDir, testDatabaseKind } from './test-support/test-database';

/** The real process, as `npm start` runs it (compiled): one server per data directory, clean shutdown. */
const pgliteOnly = testDatabaseKind() === 'pglite' ? it : it.skip;
let dataDir: string;

// A copy of the run's migrated database: the lock, not the database's creation, is under test.
beforeAll(() => {
  dataDir = createTestDataDir('calm-proc-');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = (port: number, env: Record<string, string> = {}) =>
  startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), ...env });

pgliteOnly(
  'holds its data directory, refuses a second server on it, and releases it on SIGTERM',
  async () => {
    const first = start(await freePort());
    await first.ready;
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(first.child.pid);

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  },
  60_000,
);

pgliteOnly(
  'starts on a data directory whose stale lock names a pid now used by an unrelated process',
  async () => {
    // What a crash leaves behind, once its pid has gone to someone else (here: this test runner).
    const stale = { pid: process.pid, hostname: os.hostname(), started: 'another-boot/12345', token: 'crashed' };
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(stale));
    const server = start(await freePort());
    await server.ready;
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(server.child.pid);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  },
  60_000,
);

pgliteOnly(
  'starts right after the server before it was killed with SIGKILL, while the dead one is not yet reaped',
  async () => {
    // The first server runs under a parent that never reaps it (as a shell busy with
    // its next command), so once killed its pid stays a zombie: kill(pid, 0) still
    // answers, with the start time its lock recorded.
    const { command, args } = compiledCommand();
    const parent = spawn('sh', ['-c', '"$0" "$@" & exec sleep 600', command, ...args], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(await freePort()) },
    });
    try {
      let output = '';
      parent.stdout.on('data', (d) => (output += d));
      await waitFor(() => output.includes('is running at'), 'the first server to listen', 30_000);
      const killed = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid as number;
      process.kill(killed, 'SIGKILL');
      const state = () => fs.readFileSync(`/proc/${killed}/stat`, 'utf8').split(') ')[1]?.[0];
      await waitFor(() => state() === 'Z', 'the killed server to be a zombie');

      const second = start(await freePort());
      await second.ready;
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(second.child.pid);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      parent.kill('SIGKILL');
    }
  },
  60_000,
);

it('refuses to start local mode on a network address unless told to, saying how to fix it', async () => {
  const proc = start(await freePort(), { HOST: '0.0.0.0', ALLOW_REMOTE_LOCAL_MODE: '' });
  expect(await proc.exited).toBe(1);
  expect(proc.output()).toContain('HOST=0.0.0.0 would open local mode to other machines');
  expect(proc.output()).toContain('ALLOW_REMOTE_LOCAL_MODE=true');
}, 30_000);

it('refuses to start in production without its settings, naming each one', async () => {
  const proc = start(await freePort(), { APP_ENV: 'production' });
  expect(await proc.exited).toBe(1);
  for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'WHATSAPP_NUMBER']) {
    expect(proc.output()).toContain(`${name} is required when APP_ENV=production`);
  }
}, 30_000);
