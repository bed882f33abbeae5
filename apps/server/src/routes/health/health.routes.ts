import { Hono } from 'hono';
import type { ApiErrorBody, HealthDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { RETRY_AFTER_SECONDS } from '../../lib/database-errors';
import { routeAccess } from '../../middleware/access';

export const DATABASE_DOWN_MESSAGE = 'The database is not reachable.';

/**
 * GET /api/health: up, and the database answers (503 while it does not), and
 * the WhatsApp bridge's state as of its last check. Load balancers call it
 * constantly: one `select 1` sent straight to the driver, nothing else.
 */
export function healthRoutes(deps: AppDeps) {
  const { pingDatabase, driver, version, logger, whatsappMonitor } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.public, async (c) => {
    const whatsapp = whatsappMonitor.state();
    try {
      await pingDatabase();
    } catch (error) {
      logger.warn({ err: error }, 'health: database check failed');
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      const down: HealthDto & ApiErrorBody = {
        ok: false,
        database: driver,
        version,
        whatsapp,
        error: DATABASE_DOWN_MESSAGE,
      };
      return c.json(down, 503);
    }
    const up: HealthDto = { ok: true, database: driver, version, whatsapp };
    return c.json(up);
  });
}
