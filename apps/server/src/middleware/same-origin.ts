import type { Context } from 'hono';

/**
 * Refuses state-changing API calls sent from another site's page: the 403 to
 * answer, or undefined. Cookies are SameSite=Lax already; this closes the
 * remaining gap for same-site origins. Requests without an Origin header
 * (scripts, curl) carry no ambient cookie risk.
 */
export function crossOriginRefusal(c: Context, trustedOrigins: readonly string[]): Response | undefined {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  const origin = c.req.header('origin');
  if (origin && !trustedOrigins.includes(origin)) return c.json({ error: 'Cross-origin request refused' }, 403);
  return undefined;
}
