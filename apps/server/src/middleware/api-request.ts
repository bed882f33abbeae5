import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { clientIpOf } from '../lib/http/client-ip';
import type { Logger } from '../lib/logger';
import { requestInput } from './request-input';
import { crossOriginRefusal } from './same-origin';

/**
 * What every /api request goes through before its route, better-auth's
 * included, as one middleware rather than three (each layer costs every
 * request a few promises): the client's address for the rate limits, the
 * same-origin check, then the input guard (body size, malformed JSON, NUL).
 */
export function apiRequest({
  trustProxy,
  trustedOrigins,
  logger,
}: {
  trustProxy: boolean;
  trustedOrigins: readonly string[];
  logger: Logger;
}): MiddlewareHandler<AppEnv> {
  const checkInput = requestInput({ logger });
  return (c, next) => {
    c.set('clientIp', clientIpOf(c, trustProxy));
    const refusal = crossOriginRefusal(c, trustedOrigins);
    if (refusal) return Promise.resolve(refusal);
    return checkInput(c, next);
  };
}
