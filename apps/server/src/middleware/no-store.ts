import type { MiddlewareHandler } from 'hono';
import { enforcedHeaders, withHeaders } from './response-headers';

const NO_STORE = enforcedHeaders([['Cache-Control', 'no-store']]);

/**
 * Responses carrying someone's personal data (session, profile, admin views,
 * the local mailbox) are never kept by the browser's or any proxy's cache,
 * whatever the handler set.
 */
export function noStore(): MiddlewareHandler {
  return withHeaders(NO_STORE);
}
