import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody, MemberStepsDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { memberExists } from '../../lib/chat/conversations';
import { memberStepsOf } from '../../lib/programme/steps/step-read';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const memberParam = z.object({ memberId: z.string().min(1).max(64) });
const CUSTOMER_NOT_FOUND: ApiErrorBody = { error: 'Customer not found' };

/** /api/admin/members/:memberId/steps: a member's current step and history, for their coach (decision 058). */
export function adminMemberStepRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/:memberId/steps', access.admin, validate('param', memberParam), async (c) => {
    const { memberId } = c.req.valid('param');
    if (!(await memberExists(deps.db, memberId))) return c.json(CUSTOMER_NOT_FOUND, 404);
    const body: MemberStepsDto = await memberStepsOf(deps.db, memberId);
    return c.json(body, 200);
  });
}
