import { Hono } from 'hono';
import type { CoachNotificationsDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { coachNotifications } from '../../lib/notifications/coach-notifications';
import { routeAccess } from '../../middleware/access';

/**
 * /api/admin/notifications (decision 063): what waits for the signed-in
 * coach (lib/notifications/coaches-to-notify.ts decides which conversations),
 * for the tab title and the browser notification on every admin page.
 */
export function adminNotificationRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.admin, async (c) => {
    const body: CoachNotificationsDto = await coachNotifications(deps.db, c.get('user').id);
    return c.json(body);
  });
}
