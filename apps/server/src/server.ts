import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { PRODUCT_NAME } from '@app/shared';
import { createApp } from './app';
import type { Config } from './env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { localAuthSecret } from './lib/auth-secret';
import { createAuth } from './lib/auth';
import { createLogger, flushLogger, type Logger } from './lib/logger';
import { createLocalMailbox } from './lib/mail/local-mailbox';
import type { Mailer } from './lib/mail/mailer';
import { createSmtpMailer } from './lib/mail/smtp-mailer';
import { grantAdminByEmail } from './lib/roles';

export const VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json'), 'utf8'),
).version;

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  logger: Logger;
  close(): Promise<void>;
}

function createMailer(config: Config, database: DatabaseHandle, logger: Logger): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom, logger);
  return createLocalMailbox(database.db, logger);
}

/** Opens the database (migrations, seed data, ADMIN_EMAILS) and serves the app. */
export async function startServer(config: Config, logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedDatabase(database.db);
    const granted = await grantAdminByEmail(database.db, config.adminEmails);
    if (granted) logger.info({ granted }, 'admin role granted from ADMIN_EMAILS');

    const secret = config.authSecret ?? localAuthSecret(config.dataDir);
    const mailer = createMailer(config, database, logger);
    const auth = createAuth({ db: database.db, config, secret, mailer, logger });
    const app = createApp({ config, db: database.db, driver: database.driver, auth, logger, version: VERSION });

    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      s.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    logger.info(
      {
        product: PRODUCT_NAME,
        version: VERSION,
        database: database.driver,
        mode: config.production ? 'production' : 'local',
        url,
      },
      'build info',
    );

    return {
      url,
      port,
      database,
      logger,
      close: async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive connections would hold close() open.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await database.close();
        await flushLogger(logger);
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
