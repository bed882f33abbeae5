import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { compiledCommand } from '../../../../scripts/build-server.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** What the entry point prints once it listens (apps/server/src/index.ts). */
const READY_LINE = /is running at (http:\/\/\S+)/;

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /**
   * Resolves with the server's address once it listens (the line it prints
   * then); fails at once if the process exits first, with what it printed.
   */
  ready: Promise<string>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The real server process, as `npm start` runs it: the compiled bundle, which
 * the server projects' global setup builds once per run (test-support/global-setup.ts).
 * node itself, so the pid is the server's own. Give it a DATA_DIR from
 * createTestDataDir() to start from the run's migrated database.
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
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = READY_LINE.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) =>
      reject(new Error(`the server exited with code ${code} before it was ready:\n${output}`)),
    );
  });
  // A test that expects the process to fail awaits `exited`, not `ready`.
  ready.catch(() => {});
  return { child, exited, ready, output: () => output };
}
