import type { MiddlewareHandler } from 'hono';

/**
 * Refuses state-changing API calls sent from another site's page. Cookies are
 * SameSite=Lax already; this closes the remaining gap for same-site origins.
 * Requests without an Origin header (scripts, curl) carry no ambient cookie risk.
 */
export function sameOrigin(trustedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const origin = c.req.header('origin');
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && origin && !trustedOrigins.includes(origin)) {
      return c.json({ error: 'Cross-origin request refused' }, 403);
    }
    await next();
  };
}
