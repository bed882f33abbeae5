import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Logger } from '../lib/logger';
import { apiRequest } from './api-request';
import { logRequest } from './request-log';
import { enforceOnNodeResponse, setOnResponse } from './response-headers';
import { securityHeaderSets } from './security-headers';

/**
 * What every request goes through first, in this order: its log line (written
 * once it is answered, whoever answers), the security headers (the API's set
 * or the pages'), and for /api requests the API guard (client address,
 * same-origin check, body size, malformed JSON, NUL) before any handler,
 * better-auth's included.
 *
 * One middleware rather than three: each layer of Hono's chain costs every
 * request a dispatch and a promise, and a health check is little more than
 * that (docs/performance.md).
 */
export function frontDoor({
  logger,
  production,
  trustProxy,
  trustedOrigins,
}: {
  logger: Logger;
  production: boolean;
  trustProxy: boolean;
  trustedOrigins: readonly string[];
}): MiddlewareHandler<AppEnv> {
  const headers = securityHeaderSets(production);
  const guardApi = apiRequest({ trustProxy, trustedOrigins, logger });
  return async (c, next) => {
    const startedAt = performance.now();
    const path = c.req.path;
    const api = path.startsWith('/api/') || path === '/api';
    const headerSet = api ? headers.api : headers.pages;
    const onNodeResponse = enforceOnNodeResponse(c, headerSet);
    if (api) {
      // The guard answers with its refusal, or with what next() gave (the context, already answered).
      const answer = await guardApi(c, next);
      if (answer instanceof Response) c.res = answer;
    } else {
      await next();
    }
    if (!onNodeResponse) setOnResponse(c, headerSet);
    logRequest(logger, c, startedAt);
  };
}
