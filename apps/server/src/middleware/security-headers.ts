import type { MiddlewareHandler } from 'hono';
import { enforcedHeaders, withHeaders } from './response-headers';

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
  const entries: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  if (production) entries.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return withHeaders(enforcedHeaders(entries));
}
