import type { Context } from 'hono';
import type { Logger } from '../lib/logger';

/**
 * The request's one structured line, written once it has been answered
 * (middleware/front-door.ts). Query strings are left out: they may carry tokens.
 */
export function logRequest(logger: Logger, c: Context, startedAt: number) {
  logger.info(
    { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - startedAt) },
    'request',
  );
}
