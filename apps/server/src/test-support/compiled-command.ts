import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { compiledCommand } from '../../../../scripts/build-server.mjs';

const run = promisify(execFile);

/**
 * Runs an operator command as `npm run <command>` and production run it: the
 * compiled entry (built once per run by the global setup), on this PGlite data
 * directory. Resolves with the exit code and everything it printed.
 */
export function compiledCommandOn(entry: string, dataDir: string) {
  const cli = compiledCommand(entry);
  return (...args: string[]) =>
    run(cli.command, [...cli.args, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
}
