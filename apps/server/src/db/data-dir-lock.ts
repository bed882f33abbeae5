import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PGlite is one process per data directory: two processes on one directory
 * corrupt it. The lock file says which process holds the directory: its pid,
 * host, and when that process started. A lock is stale, and taken over, when
 * its process is gone, or when its pid now belongs to a process that started
 * at another time (the pid was reused after a crash, e.g. by pid 1 in a
 * restarted container). Where a process's start time cannot be read (no
 * /proc), a live pid is taken to be the holder.
 *
 * A process killed with SIGKILL still answers to its pid for a moment: while
 * the kernel tears it down, and then as a zombie until its parent reaps it
 * (which a shell may not do until its next command). Such a holder has let go
 * of every file and will never write again, so it counts as gone; and a holder
 * that is still alive is waited for, briefly, before a start is refused, so a
 * restart right after a stop or a kill starts instead of failing.
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

/** The kernel's PF_EXITING flag: the process has begun to exit and runs no more code of its own. */
const PF_EXITING = 0x4;

/** The fields of /proc/<pid>/stat after the command name (which is in parentheses and may hold spaces). */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Whether the process is exiting or exited (a zombie, or dead), though its pid still answers. */
function isExiting(pid: number): boolean {
  const fields = statFields(pid);
  if (!fields) return false;
  const [state, , , , , , flags] = fields;
  return state === 'Z' || state === 'X' || (Number(flags) & PF_EXITING) !== 0;
}

/** When a process started (Linux), stable for its whole life and different for whoever reuses its pid. */
export function processStart(pid: number): string | null {
  try {
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // The start time is field 22 of the line, the 20th after the name.
    const startTicks = statFields(pid)?.[19];
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
  if (owner.pid <= 0 || owner.pid === process.pid || !isAlive(owner.pid) || isExiting(owner.pid)) return false;
  if (!owner.started) return true;
  const started = processStart(owner.pid);
  return started === null || started === owner.started;
}

/** How long a start waits for a live holder to let go (a server shutting down) before it is refused. */
export const HOLDER_WAIT_MS = 5000;
const RECHECK_MS = 100;

export async function acquireDataDirLock(dataDir: string, { waitMs = HOLDER_WAIT_MS } = {}): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    started: processStart(process.pid),
    token: randomBytes(16).toString('hex'),
  };
  const deadline = Date.now() + waitMs;
  for (;;) {
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
      if (!holdsLock(owner)) {
        fs.rmSync(lockPath, { force: true }); // stale: its holder has gone
      } else if (Date.now() >= deadline || (owner.hostname && owner.hostname !== os.hostname())) {
        throw new DataDirLockedError(dataDir, owner.pid, owner.hostname);
      } else {
        await sleep(RECHECK_MS);
      }
    }
  }
}
