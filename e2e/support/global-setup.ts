import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { freePort } from '../../apps/server/src/test-support/free-port';
import { ADMIN_EMAIL } from './constants';
import { startWebhookReceiver } from './webhook-receiver';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stand-in automation service: GET `${webhookUrl}/received` lists what the server POSTed. */
    webhookUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the web app if needed and starts the real server (as `npm start`
 * does) on a free port with a temporary PGlite data directory.
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_OUT_DIR: a separate build folder, so two test runs never rebuild each other's files.
  const webOutDir = process.env.E2E_WEB_OUT_DIR;
  buildWebIfStale(webOutDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const webhook = await startWebhookReceiver();
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: '',
    APP_ENV: 'local',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    // Every test browser shares one address; the limits themselves are covered by the server tests.
    AUTH_RATE_LIMIT_MAX: '10000',
    SIGN_IN_RATE_LIMIT_MAX: '1000',
    EXIT_SURVEY_RATE_LIMIT_MAX: '1000',
    AUTOMATION_WEBHOOK_URL: `${webhook.url}/exit-survey`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...(webOutDir && { WEB_DIST_DIR: webOutDir }),
  };
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/index.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('webhookUrl', webhook.url);

  return async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => server.kill('SIGKILL'), 5000).unref();
    });
    await webhook.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy within 60 s');
}
