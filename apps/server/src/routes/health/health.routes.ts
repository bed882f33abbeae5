import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiErrorBody, HealthDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';

/** GET /api/health: up, and the database answers (FOUNDING-DESIGN §2). */
export function healthRoutes(deps: AppDeps) {
  const { db, driver, version } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.public, async (c) => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      const body: ApiErrorBody = { error: 'The database is not answering' };
      return c.json(body, 503);
    }
    const body: HealthDto = { ok: true, database: driver, version };
    return c.json(body);
  });
}
