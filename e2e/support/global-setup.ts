import type { TestProject } from 'vitest/node';
import { startLocalServer } from '../../scripts/local-server.mjs';
import { buildWebIfStale } from '../../scripts/web-build.mjs';
import { ADMIN_EMAIL } from './constants';
import { startWebhookReceiver } from './webhook-receiver';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stand-in automation service: GET `${webhookUrl}/received` lists what the server POSTed. */
    webhookUrl: string;
  }
}

/**
 * Builds the web app if needed and starts the real server (as `npm start`
 * does) on a free port with a temporary PGlite data directory.
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_OUT_DIR: a separate build folder, so two test runs never rebuild each other's files.
  const webOutDir = process.env.E2E_WEB_OUT_DIR;
  await buildWebIfStale(webOutDir);
  const webhook = await startWebhookReceiver();
  const server = await startLocalServer({
    webOutDir,
    env: {
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Every test browser shares one address; the limits themselves are covered by the server tests.
      AUTH_RATE_LIMIT_MAX: '10000',
      SIGN_IN_RATE_LIMIT_MAX: '1000',
      EXIT_SURVEY_RATE_LIMIT_MAX: '1000',
      AUTOMATION_WEBHOOK_URL: `${webhook.url}/exit-survey`,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('webhookUrl', webhook.url);

  return async () => {
    await server.stop();
    await webhook.close();
  };
}
