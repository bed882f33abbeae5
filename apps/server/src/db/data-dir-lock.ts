import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is one process per data directory: two processes on one directory
 * corrupt it. The lock file says which process holds the directory: its pid,
 * host, and when that process started. A lock is stale, and taken over, when
 * its process is gone, or when its pid now belongs to a process that started
 * at another time (the pid was reused after a crash, e.g. by pid 1 in a
 * restarted container). Where a process's start time cannot be read (no
 * /proc), a live pid is taken to be the holder.
 */
export const LOCK_FILE = 'calm-space.lock';

export interface LockOwner {
  pid: number;
  hostname: string;
  /** The holder's start, as `boot id/start time in clock ticks` from /proc; null where unknown. */
  started: string | null;
  /** Ours alone: release removes the file only while it still holds this token. */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly hostname?: string,
  ) {
    const where = hostname && hostname !== os.hostname() ? ` on host ${hostname}` : '';
    super(
      `The data directory ${dataDir} is in use by process ${pid}${where}. ` +
        'Stop that server first (one process per data directory), or set DATA_DIR to another directory.' +
        (where ? ` If no server runs there any more, delete ${path.join(dataDir, LOCK_FILE)}.` : ''),
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started (Linux), stable for its whole life and different for whoever reuses its pid. */
export function processStart(pid: number): string | null {
  try {
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces;
    // the start time is field 22 of the line, the 20th after the name.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks ? `${bootId}/${startTicks}` : null;
  } catch {
    return null;
  }
}

type RecordedOwner = Partial<LockOwner> & { pid: number };

/**
 * The lock file's owner; a bare number is the format of earlier versions.
 * pid 0 (nobody) when the file is gone or unreadable, e.g. torn by a crash.
 */
function readOwner(lockPath: string): RecordedOwner {
  try {
    const text = fs.readFileSync(lockPath, 'utf8').trim();
    if (/^\d+$/.test(text)) return { pid: Number(text) };
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isInteger(owner.pid)) return owner as RecordedOwner;
  } catch {
    // nobody can be holding the directory through this file
  }
  return { pid: 0 };
}

/** Whether the lock's owner is a live process that is the one which wrote it. */
function holdsLock(owner: RecordedOwner): boolean {
  if (owner.hostname && owner.hostname !== os.hostname()) return true; // cannot look at another host's processes
  if (owner.pid <= 0 || owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (!owner.started) return true;
  const started = processStart(owner.pid);
  return started === null || started === owner.started;
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    started: processStart(process.pid),
    token: randomBytes(16).toString('hex'),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath).token === me.token) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (holdsLock(owner)) throw new DataDirLockedError(dataDir, owner.pid, owner.hostname);
      fs.rmSync(lockPath, { force: true }); // stale: its holder has gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
