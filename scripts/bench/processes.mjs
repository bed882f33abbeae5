// Child processes for `npm run bench:api`, and the CPU time they and the
// PostgreSQL backends use (read from /proc, so Linux only).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../free-port.mjs';

export { freePort };

/**
 * Starts `node ARGS` with PORT and PUBLIC_URL set, its output in a log file,
 * and waits until `readyPath` answers 200. With `cpuProfDir`, under --cpu-prof.
 */
export async function startProcess({ label, args, env, readyPath, cwd, cpuProfDir }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `calm-bench-${label}-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const nodeFlags = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(cpuProfDir, label)}`] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...args], {
    cwd,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer within 120 s; see ${logFile}`);
    }
    try {
      if ((await fetch(baseUrl + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { baseUrl, pid: child.pid, stop, logFile };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * A process's CPU seconds so far and its start time (in clock ticks since boot: with the pid, it names
 * the process, since pids are reused), from one read of /proc; undefined where /proc cannot tell.
 */
export function processStat(pid) {
  try {
    // The fields after the command name; utime and stime are the 12th and 13th, starttime the 20th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, startTime: fields[19] };
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used so far, or undefined where /proc cannot tell. */
export function cpuSeconds(pid) {
  return processStat(pid)?.cpuSeconds;
}

/**
 * CPU seconds of each PostgreSQL backend serving one database, by pid, when
 * they run on this machine; undefined otherwise.
 */
export async function backendCpuSeconds(database) {
  if (!database) return undefined;
  const { rows } = await database.admin.query('select pid from pg_stat_activity where datname = $1', [database.name]);
  const byPid = new Map();
  for (const { pid } of rows) {
    const cpu = cpuSeconds(pid);
    if (cpu === undefined) return undefined;
    byPid.set(pid, cpu);
  }
  return byPid;
}

/** CPU the backends used between two readings (a backend that ended in between is left out). */
export function backendCpuUsed(before, after) {
  if (!before || !after) return undefined;
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used;
}
