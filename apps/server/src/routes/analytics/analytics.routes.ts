import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { profileAnalyticsOf } from './profile-analytics';

/** GET /api/me/analytics: the signed-in member's own figures only. */
export function analyticsRoutes(deps: AppDeps, now: () => Date = () => new Date()) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.member, async (c) =>
    c.json(await profileAnalyticsOf(db, c.get('user').id, now())),
  );
}
