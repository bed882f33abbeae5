import { Hono } from 'hono';
import type { ProfileAnalyticsDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { jsonText } from '../../lib/http/json-text';
import { routeAccess } from '../../middleware/access';
import { createAnalyticsCache } from './analytics-cache';

/** GET /api/me/analytics: the signed-in member's own figures only, remembered until they change. */
export function analyticsRoutes(deps: AppDeps, now: () => Date = () => new Date()) {
  const access = routeAccess(deps);
  const cache = createAnalyticsCache(deps.db);
  return new Hono<AppEnv>().get('/', access.member, async (c) =>
    jsonText<ProfileAnalyticsDto>(c, await cache.analyticsJsonOf(c.get('user').id, now())),
  );
}
