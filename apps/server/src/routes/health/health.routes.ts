import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import { RETRY_AFTER_SECONDS } from '../../lib/database-errors';

export const DATABASE_DOWN_MESSAGE = 'The database is not reachable.';

export function healthRoutes({ db, driver, version, logger }: AppDeps) {
  return new Hono().get('/', async (c) => {
    try {
      await db.execute(sql`select 1`);
      return c.json({ ok: true, database: driver, version });
    } catch (error) {
      logger.warn({ err: error }, 'health: database check failed');
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: false, database: driver, version, error: DATABASE_DOWN_MESSAGE }, 503);
    }
  });
}
