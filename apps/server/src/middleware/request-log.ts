import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';

/** One structured line per request. Query strings are left out: they may carry tokens. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  };
}
