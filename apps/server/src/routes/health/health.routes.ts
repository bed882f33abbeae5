import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';

export function healthRoutes({ db, driver, version }: AppDeps) {
  return new Hono().get('/', async (c) => {
    try {
      await db.execute(sql`select 1`);
      return c.json({ ok: true, database: driver, version });
    } catch {
      return c.json({ ok: false, database: driver, version }, 503);
    }
  });
}
