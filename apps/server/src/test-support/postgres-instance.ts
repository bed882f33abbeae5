import { freePort } from './free-port';
import { startServerProcess, type ServerProcess } from './server-process';

/** One API instance of several on one PostgreSQL database, as production runs them. */
export interface PostgresInstance {
  url: string;
  child: ServerProcess['child'];
  stop(): Promise<void>;
}

/**
 * Starts the compiled server on a free port against `databaseUrl`. Instances
 * that must accept each other's sessions are given the same `authSecret`.
 * Rate limits are raised out of the way; `chief@example.com` is the admin
 * address. Resolves once the server prints its ready line.
 */
export async function startPostgresInstance(
  databaseUrl: string,
  dataDir: string,
  authSecret: string,
): Promise<PostgresInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, exited, ready } = startServerProcess({
    APP_ENV: 'local',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    AUTH_SECRET: authSecret,
    ADMIN_EMAILS: 'chief@example.com',
    AUTH_RATE_LIMIT_MAX: '10000',
    SIGN_IN_RATE_LIMIT_MAX: '10000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  await ready;
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
