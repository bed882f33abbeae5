import { enforcedHeaders, type EnforcedHeaders } from './response-headers';

/**
 * The headers every response carries (middleware/front-door.ts adds them): a page's set for pages, a smaller and stricter
 * one for the API, whose responses are JSON that no browser renders as a
 * document (OWASP's REST Security Cheat Sheet lists what such responses need).
 *
 * Pages: the CSP allows only our own scripts; inline styles are allowed
 * because the toast and dialog libraries insert <style> elements at run time
 * (scripts stay strict, which is what matters for XSS).
 *
 * API: a CSP that allows nothing, so a response opened directly can run and
 * load nothing, and may not be framed. Referrer-Policy, Permissions-Policy
 * and Cross-Origin-Opener-Policy govern documents only, so the API leaves
 * them out: every header is written on every call, and load balancers call
 * /api/health constantly.
 */
export function securityHeaderSets(production: boolean): { api: EnforcedHeaders; pages: EnforcedHeaders } {
  const transport: [string, string][] = production
    ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']]
    : [];
  const pageCsp = [
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
  const pages = enforcedHeaders([
    ['Content-Security-Policy', pageCsp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ...transport,
  ]);
  const api = enforcedHeaders([
    ['Content-Security-Policy', API_CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...transport,
  ]);
  return { api, pages };
}

/** The API's policy: nothing may load or run, and no page may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
