import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every response. The CSP allows only our own scripts; inline
 * styles are allowed because the toast and dialog libraries insert <style>
 * elements at run time (scripts stay strict, which is what matters for XSS).
 */
export function securityHeaders({ production }: { production: boolean }): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    // Set on the response's own headers, as Hono's secureHeaders does: c.header()
    // after the response exists copies the whole response once per call.
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (production) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
