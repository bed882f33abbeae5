import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../middleware/auth-guards';
import { profileAnalyticsOf } from './profile-analytics';

/** GET /api/me/analytics: the signed-in member's own figures only. */
export function analyticsRoutes({ db, auth }: AppDeps, now: () => Date = () => new Date()) {
  return new Hono<AppEnv>()
    .use(requireUser(auth, db))
    .get('/', async (c) => c.json(await profileAnalyticsOf(db, c.get('user').id, now())));
}
