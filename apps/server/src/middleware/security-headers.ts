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
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (production) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
