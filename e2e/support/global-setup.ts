import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import {
  copyPgliteTemplate,
  createPgliteTemplate,
  type PgliteTemplate,
} from '../../apps/server/src/test-support/database-template';
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from '../../scripts/chromium.mjs';
import { startLocalServer } from '../../scripts/local-server.mjs';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { buildServer } from '../../scripts/build-server.mjs';
import { ADMIN_EMAIL, NEW_ADMIN_EMAIL, SIGN_UP_ADMIN_EMAIL } from './constants';
import { startFakeModel } from '../../apps/server/src/test-support/fakes/fake-model/fake-model-server';
import { startWebhookReceiver } from './webhook-receiver';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: read it with baseUrl() from ./server, which picks this worker's. */
    baseUrls: string[];
    /** One Chromium headless shell per worker, for the whole run: useBrowser() from ./browser connects to the worker's. */
    browserEndpoints: string[];
    /** The first worker's server. Do not use in tests: baseUrl() from ./server is the worker's own. */
    baseUrl: string;
    /** The stand-in automation service: GET `${webhookUrl}/received` lists what the servers POSTed. */
    webhookUrl: string;
    /** The migrated, seeded database the servers started from: a test starting a server of its own copies it. */
    pgliteTemplate: PgliteTemplate;
    /** This run's folder for the admin's authenticator secret per server (admin-authenticator.ts). */
    adminAuthenticatorDir: string;
  }
}

/**
 * Builds the web app if needed and the server once, then starts one real
 * server (as `npm start` does) per Vitest worker, each on its own free port
 * with its own temporary PGlite data directory (a copy of one migrated
 * database, made here), so test files run in parallel without sharing a server.
 * Each worker also gets one Chromium headless shell for the run, instead of a
 * launch per file (about a second of CPU each).
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_OUT_DIR: a separate build folder, so two test runs never rebuild each other's files.
  const webOutDir = process.env.E2E_WEB_OUT_DIR;
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-e2e-template-'));
  const [template] = await Promise.all([createPgliteTemplate(templateDir), buildServer(), buildWebIfStale(webOutDir)]);
  const webhook = await startWebhookReceiver();
  // The language model the AI coach talks to: a local OpenAI-compatible fake, so nothing leaves the machine.
  const model = await startFakeModel();
  const workers = Math.max(1, Number(project.vitest.config.maxWorkers) || 1);
  const [started, launched] = await Promise.all([
    Promise.allSettled(
      Array.from({ length: workers }, () =>
        startLocalServer({
          webOutDir,
          build: false,
          dataDir: copyPgliteTemplate(template, 'calm-e2e-'),
          env: {
            ADMIN_EMAILS: `${ADMIN_EMAIL},${NEW_ADMIN_EMAIL},${SIGN_UP_ADMIN_EMAIL}`,
            // Every test browser shares one address; the limits themselves are covered by the server tests.
            AUTH_RATE_LIMIT_MAX: '10000',
            SIGN_IN_RATE_LIMIT_MAX: '1000',
            MAIL_PER_RECIPIENT_MAX: '1000',
            EXIT_SURVEY_RATE_LIMIT_MAX: '1000',
            AUTOMATION_WEBHOOK_URL: `${webhook.url}/exit-survey`,
            COACH_LLM_BASE_URL: model.baseUrl,
            COACH_LLM_MODEL: 'fake-coach',
            // The AI answers nobody unless a test turns it on (e2e/coach.e2e.ts does, for its own file):
            // other tests' conversations stay between the member and the coach they script.
            COACH_MODE: 'off',
            LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
          },
        }),
      ),
    ),
    Promise.allSettled(
      Array.from({ length: workers }, () =>
        chromium.launchServer({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS }),
      ),
    ),
  ]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const browsers = launched.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const adminAuthenticatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-e2e-authenticator-'));
  const stopAll = async () => {
    await Promise.all([...servers.map((server) => server.stop()), ...browsers.map((browser) => browser.close())]);
    await webhook.close();
    await model.close();
    fs.rmSync(templateDir, { recursive: true, force: true });
    fs.rmSync(adminAuthenticatorDir, { recursive: true, force: true });
  };
  const failed = [...started, ...launched].find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('baseUrl', servers[0]!.baseUrl);
  project.provide('webhookUrl', webhook.url);
  project.provide('pgliteTemplate', template);
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );
  project.provide('adminAuthenticatorDir', adminAuthenticatorDir);

  return stopAll;
}
