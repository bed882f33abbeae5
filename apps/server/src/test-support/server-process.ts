import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { compiledCommand } from '../../../../scripts/build-server.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The real server process, as `npm start` runs it (the compiled bundle: call
 * buildServer() from scripts/build-server.mjs first), so a test can see it
 * exit. node itself, so the pid is the server's own.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const { command, args } = compiledCommand();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Polls /api/health until it answers 200; fails at once if the process exits first. */
export async function waitHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('the server never became healthy');
}
