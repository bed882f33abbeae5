import { hc } from 'hono/client';
import type { AppType } from '@app/server/api-type';

export * from './api-request';

/** The typed client of every route in the server's AppType; `api.me.profile` is /api/me/profile. */
export const api = hc<AppType>('/', {
  headers: { Accept: 'application/json' },
  init: { credentials: 'include' },
}).api;
