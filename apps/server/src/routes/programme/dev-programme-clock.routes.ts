import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const clockBody = z
  .object({ now: z.iso.datetime({ offset: true, error: 'now must be an ISO date and time' }) })
  .strict();

/**
 * The programme's clock for end-to-end tests (local mode and this machine
 * only, under /api/dev): set it to a moment and one scheduling pass runs at
 * once; DELETE returns it to the real time.
 */
export function devProgrammeClockRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  const { clock, runSchedulingPass } = deps.programme;
  return new Hono<AppEnv>()
    .post('/clock', access.localOnly, validate('json', clockBody), async (c) => {
      clock.set(new Date(c.req.valid('json').now));
      const queued = await runSchedulingPass();
      return c.json({ now: clock.now().toISOString(), queued });
    })
    .delete('/clock', access.localOnly, (c) => {
      clock.set(null);
      return c.json({ now: clock.now().toISOString() });
    });
}
