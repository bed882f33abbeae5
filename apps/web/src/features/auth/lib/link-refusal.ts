import { ApiError, serverMessageOr } from '@/lib/api-request';

/**
 * The auth library's own words for a refused link ("Invalid token", "Token
 * expired") are jargon that says nothing the page's plain words do not
 * (issue 28): they are left out, and any other reason the server gives is kept.
 */
const TERSE_LINK_REFUSALS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

export function linkRefusalReason(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const code = error.code ?? error.serverMessage?.trim().toUpperCase().replace(/\s+/g, '_');
    if (code && TERSE_LINK_REFUSALS.has(code)) return fallback;
  }
  return serverMessageOr(error, fallback);
}
