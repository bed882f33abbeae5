import type { MiddlewareHandler } from 'hono';

/**
 * Responses carrying someone's personal data (session, profile, admin views,
 * the local mailbox) are never kept by the browser's or any proxy's cache,
 * whatever the handler set.
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // On the response's own headers: c.header() after the handler has answered
    // copies the whole response (see security-headers.ts).
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
