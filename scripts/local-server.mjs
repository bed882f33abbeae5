// Starts the real server as `npm start` runs it (compiled, local mode, PGlite in
// a temporary directory) on a free port, for the e2e tests and the web audit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, compiledCommand } from './build-server.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {{ env?: Record<string, string>, webOutDir?: string, build?: boolean, dataDir?: string }} options extra
 *   settings; the built web app to serve; whether to build the server first (false when the caller built it once
 *   for several); a data directory to start from (a new empty one by default); it is removed on stop
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void>, restart: () => Promise<void> }>}
 */
export async function startLocalServer({ env = {}, webOutDir, build = true, dataDir = undefined } = {}) {
  dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'calm-local-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  if (build) await buildServer();
  const { command, args } = compiledCommand();
  const launch = () =>
    spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        APP_ENV: 'local',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(webOutDir && { WEB_DIST_DIR: webOutDir }),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  let server = launch();
  const halt = () => {
    // This process, not whichever `server` names when the timer fires (a restart replaces it).
    const stopping = server;
    return new Promise((resolve) => {
      if (stopping.exitCode !== null || stopping.signalCode !== null) return resolve(undefined);
      const kill = setTimeout(() => stopping.kill('SIGKILL'), 5000);
      kill.unref();
      stopping.once('exit', () => {
        clearTimeout(kill);
        resolve(undefined);
      });
      stopping.kill('SIGTERM');
    });
  };
  const stop = async () => {
    await halt();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  /** Stops the process and starts it again on the same port and data: a deploy or a crash, as clients see it. */
  const restart = async () => {
    await halt();
    server = launch();
    await waitForHealth(baseUrl, server);
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, restart };
}

async function waitForHealth(baseUrl, server) {
  // A new PGlite database takes seconds to create, and far longer on a busy machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited with ${server.exitCode ?? server.signalCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy within 120 s');
}
