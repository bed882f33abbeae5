import fs from 'node:fs';
import { loadConfig } from '../env';
import { startServer, type RunningServer, type ServerOptions } from '../server';
import { createLogger, type Logger } from '../lib/logger';
import { createTestDatabase, createTestDataDir } from './test-database';
import { freePort } from './free-port';
import { TestClient } from './test-client';

export interface TestServer extends RunningServer {
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
}

/**
 * A real server on a loopback port with a database of its own (PGlite in a
 * temporary data directory, or a new PostgreSQL database), copied from the
 * run's migrated, seeded template. Rate limits are loose unless a test sets them.
 *
 * PGlite opens its copy in place: copying the template's folder and opening it
 * costs about 0.5 s of CPU, where loading the same database into memory from its
 * tarball costs about 0.75 s (measured 27 November 2026), on every server a test starts.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions & { logger?: Logger } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = database.url ? 'memory://' : createTestDataDir();
  const port = await freePort();
  const config = loadConfig({
    APP_ENV: 'local',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AUTH_RATE_LIMIT_MAX: '10000',
    SIGN_IN_RATE_LIMIT_MAX: '10000',
    MAIL_PER_RECIPIENT_MAX: '10000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // The AI coach answers only where a test turns it on; the safety screening runs everywhere (decision 057).
    COACH_MODE: 'off',
    ...env,
  });
  const server = await startServer(
    config,
    options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    options,
  );
  return {
    ...server,
    client: () => new TestClient(server.url),
    close: async () => {
      await server.close();
      await database.drop();
      if (dataDir !== 'memory://') fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
