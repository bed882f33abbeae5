import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, acquireDataDirLock, processStart } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const lockPath = (dir: string) => path.join(dir, LOCK_FILE);
const readLock = (dir: string) => JSON.parse(fs.readFileSync(lockPath(dir), 'utf8'));

/** Another process that takes the lock through this module, as a second server would. */
function holdInAnotherProcess(dir: string) {
  const script = `
    import { acquireDataDirLock } from ${JSON.stringify(path.resolve(import.meta.dirname, 'data-dir-lock.ts'))};
    acquireDataDirLock(${JSON.stringify(dir)});
    console.log('locked');
    setTimeout(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, locked, exited };
}

it('refuses a directory that another live server holds', async () => {
  const dir = tempDir();
  const holder = holdInAnotherProcess(dir);
  try {
    await holder.locked;
    expect(readLock(dir).pid).toBe(holder.child.pid);
    await expect(acquireDataDirLock(dir, { waitMs: 0 })).rejects.toThrowError(DataDirLockedError);
    await expect(acquireDataDirLock(dir, { waitMs: 300 })).rejects.toThrow(`in use by process ${holder.child.pid}`);
  } finally {
    holder.child.kill('SIGKILL');
  }
}, 30_000);

it('records its pid, host and start, and releases only its own lock', async () => {
  const dir = tempDir();
  const release = await acquireDataDirLock(dir);
  expect(readLock(dir)).toEqual({
    pid: process.pid,
    hostname: os.hostname(),
    started: processStart(process.pid),
    token: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  release();
  expect(fs.existsSync(lockPath(dir))).toBe(false);

  // A lock someone else took over after ours went stale stays theirs.
  const releaseAgain = await acquireDataDirLock(dir);
  const theirs = JSON.stringify({ ...readLock(dir), token: 'theirs' });
  fs.writeFileSync(lockPath(dir), theirs);
  releaseAgain();
  expect(fs.readFileSync(lockPath(dir), 'utf8')).toBe(theirs);
});

it('takes over the lock of a server that crashed', async () => {
  const dir = tempDir();
  const holder = holdInAnotherProcess(dir);
  await holder.locked;
  holder.child.kill('SIGKILL');
  await holder.exited;
  expect(fs.existsSync(lockPath(dir))).toBe(true); // left behind by the crash

  const release = await acquireDataDirLock(dir);
  expect(readLock(dir).pid).toBe(process.pid);
  release();
}, 30_000);

// Start times come from /proc: elsewhere a live pid is taken to be the holder.
it.skipIf(processStart(process.pid) === null)(
  'takes over a lock whose pid now belongs to an unrelated live process',
  async () => {
    const dir = tempDir();
    const holder = holdInAnotherProcess(dir);
    await holder.locked;
    const crashed = readLock(dir);
    holder.child.kill('SIGKILL');
    await holder.exited;

    // After a restart the crashed server's pid is in use again: by pid 1, or by the process that started us.
    for (const reusedPid of [1, process.ppid]) {
      fs.writeFileSync(lockPath(dir), JSON.stringify({ ...crashed, pid: reusedPid }));
      const release = await acquireDataDirLock(dir);
      expect(readLock(dir).pid).toBe(process.pid);
      release();
    }
  },
  30_000,
);

it('takes over a stale lock in the earlier bare-pid format', async () => {
  const dir = tempDir();
  fs.writeFileSync(lockPath(dir), '999999999');
  const release = await acquireDataDirLock(dir);
  expect(readLock(dir).pid).toBe(process.pid);
  release();
  expect(fs.existsSync(lockPath(dir))).toBe(false);
});

it('refuses a lock held from another host, saying how to clear it', async () => {
  const dir = tempDir();
  const other = { pid: 4242, hostname: 'another-host.example', started: null, token: 'x' };
  fs.writeFileSync(lockPath(dir), JSON.stringify(other));
  await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by process 4242 on host another-host\.example.*delete/);
});

it('waits for a holder that is stopping, and takes the lock once it has gone', async () => {
  const dir = tempDir();
  const holder = holdInAnotherProcess(dir);
  await holder.locked;
  const acquiring = acquireDataDirLock(dir);
  // The holder goes away while the new start waits; nothing releases the lock file.
  holder.child.kill('SIGKILL');
  const release = await acquiring;
  expect(readLock(dir).pid).toBe(process.pid);
  release();
}, 30_000);
