import { Hono } from 'hono';
import { notificationSettingsSchema, type MemberNotificationsDto, type NotificationSettingsDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { memberNotifications } from '../../lib/notifications/member-notifications';
import { readNotificationSettings, saveNotificationSettings } from '../../lib/notifications/notification-settings';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

/**
 * /api/me/notifications (decision 063): how many messages wait unseen for
 * the signed-in member, for the header and the tab title on every page; and
 * their choice about the reply-waiting mail.
 */
export function memberNotificationRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const body: MemberNotificationsDto = await memberNotifications(db, c.get('user').id);
      return c.json(body);
    })
    .get('/settings', access.member, async (c) => {
      const body: NotificationSettingsDto = await readNotificationSettings(db, c.get('user').id);
      return c.json(body);
    })
    .put('/settings', access.member, validate('json', notificationSettingsSchema), async (c) => {
      const body: NotificationSettingsDto = await saveNotificationSettings(db, c.get('user').id, c.req.valid('json'));
      return c.json(body);
    });
}
