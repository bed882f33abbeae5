import { Hono } from 'hono';
import {
  checkinCreateSchema,
  checkinHistoryQuerySchema,
  programmeSettingsSchema,
  type ProgrammeSettingsDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { answerCheckin } from '../../lib/programme/checkins/answer-checkin';
import { checkinHistory, openCheckin } from '../../lib/programme/checkins/checkins';
import { saveSettings, settingsOf } from '../../lib/programme/settings';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { safetyDepsOf } from './programme-deps';

/** GET/PUT /api/me/programme: the signed-in member's programme settings (decision 058). */
export function memberProgrammeRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const body: ProgrammeSettingsDto = await settingsOf(deps.db, c.get('user').id);
      return c.json(body);
    })
    .put('/', access.member, validate('json', programmeSettingsSchema), async (c) => {
      // What the new settings make due is found by the next pass (within the minute).
      const body: ProgrammeSettingsDto = await saveSettings(deps.db, c.get('user').id, c.req.valid('json'));
      return c.json(body);
    });
}

/** GET/POST /api/me/checkins: the member's check-ins, and an answer (decision 058). */
export function memberCheckinRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, validate('query', checkinHistoryQuerySchema), async (c) => {
      const userId = c.get('user').id;
      const now = new Date();
      const [checkins, open] = await Promise.all([
        checkinHistory(deps.db, userId, c.req.valid('query').days, now),
        openCheckin(deps.db, userId, now),
      ]);
      return c.json({ checkins, open });
    })
    .post('/', access.member, validate('json', checkinCreateSchema), async (c) => {
      const input = c.req.valid('json');
      const result = await answerCheckin(safetyDepsOf(deps), {
        userId: c.get('user').id,
        score: input.score,
        note: input.note,
        deliveryId: input.delivery_id ?? null,
        // The card or the web chat's form: no message is written, so the check-in is the day's activity itself.
        answeredByMessage: false,
      });
      if (result.outcome === 'not_found') return c.json({ error: 'Check-in not found' }, 404);
      if (result.outcome === 'answered') return c.json({ error: 'This check-in has already been answered' }, 409);
      return c.json({ checkin: result.checkin }, 201);
    });
}
