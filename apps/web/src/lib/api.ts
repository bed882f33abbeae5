import { hc } from 'hono/client';
import type { AppType } from '@app/server/api-type';

export * from './api-request';

/** The typed client of every route in the server's AppType; `api.me.profile` is /api/me/profile. */
export const api = hc<AppType>('/', {
  headers: { Accept: 'application/json' },
  init: { credentials: 'include' },
}).api;

/**
 * The options of a write that must arrive even when the page is left at once (a reload,
 * a closed tab) after the screen showed it as done or on its way: sent with keepalive,
 * the request outlives the page (decision 064). Keepalive bodies are limited to 64 KB.
 * Kept with the typed client, not in ./api-request: the start-up chunk has no room to spare.
 */
export const OUTLIVES_THE_PAGE = { init: { credentials: 'include', keepalive: true } } satisfies {
  init: RequestInit;
};
