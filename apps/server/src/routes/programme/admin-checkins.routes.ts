import { Hono } from 'hono';
import { z } from 'zod';
import { checkinHistoryQuerySchema } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { memberExists } from '../../lib/chat/conversations';
import { checkinHistory } from '../../lib/programme/checkins/checkins';
import { savedSettingsOf } from '../../lib/programme/settings';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const memberParam = z.object({ memberId: z.string().min(1).max(64) });

/** GET /api/admin/members/:memberId/checkins: a member's check-ins and settings, for their coach (decision 058). */
export function adminCheckinRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get(
    '/:memberId/checkins',
    access.admin,
    validate('param', memberParam),
    validate('query', checkinHistoryQuerySchema),
    async (c) => {
      const { memberId } = c.req.valid('param');
      if (!(await memberExists(deps.db, memberId))) return c.json({ error: 'Member not found' }, 404);
      const [checkins, settings] = await Promise.all([
        checkinHistory(deps.db, memberId, c.req.valid('query').days, new Date()),
        savedSettingsOf(deps.db, memberId),
      ]);
      return c.json({ checkins, settings });
    },
  );
}
