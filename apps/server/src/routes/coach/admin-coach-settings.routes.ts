import { Hono } from 'hono';
import { updateCoachSettingsSchema, type CoachSettingsDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/accounts/audit';
import { coachMode, setCoachMode } from '../../lib/coach/coach-settings';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { coachSettingsDto } from './coach-settings-dto';

/**
 * /api/admin/coach/settings (decision 057): the AI coach's global mode and
 * what is configured. PUT sets the mode, audited (`coach.mode`, from and to).
 * Setting it `off` is the kill switch: storing it is all it takes, because
 * the coach reads the mode again just before every send, on every instance.
 */
export function adminCoachSettingsRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/settings', access.admin, async (c) => {
      const body: CoachSettingsDto = await coachSettingsDto(deps);
      return c.json(body);
    })
    .put('/settings', access.admin, validate('json', updateCoachSettingsSchema), async (c) => {
      const { mode } = c.req.valid('json');
      const actorId = c.get('user').id;
      await db.transaction(async (tx) => {
        const from = await coachMode(tx, config.coach.defaultMode);
        // setCoachMode is one statement; run in this transaction so the change and its record land together.
        await setCoachMode(tx as unknown as Database, mode, actorId);
        await recordAudit(tx, { actorId, action: 'coach.mode', targetUserId: null, details: { from, to: mode } });
      });
      const body: CoachSettingsDto = await coachSettingsDto(deps);
      return c.json(body);
    });
}
