import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, acquireDataDirLock } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

it('refuses a directory another live process holds', async () => {
  const dir = tempDir();
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
  try {
    fs.writeFileSync(path.join(dir, LOCK_FILE), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process \d+/);
  } finally {
    other.kill();
  }
});

it('takes over a stale lock and releases it', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, LOCK_FILE), '999999999');
  const release = acquireDataDirLock(dir);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
});
