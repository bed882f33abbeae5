import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiErrorBody, MemberStepsDto, StepAction, StepActionResultDto, StepStartDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { applyStepAction, startSteps } from '../../lib/programme/steps/step-actions';
import { memberStepsOf } from '../../lib/programme/steps/step-read';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const stepParam = z.object({ stepId: z.uuid('Unknown step') });

/**
 * /api/me/steps (decision 058, "Step tasks"): the member's own steps.
 *
 * - GET /: the open step and the latest finished ones (newest first, at most 30).
 * - POST /: start: offers a first step when none is open (201), else answers the open one (200).
 * - POST /:stepId/{accept|swap|done|not-done}: the member's answer to one of
 *   their steps; the next step is offered in their conversation. 404 for a
 *   step that is not theirs, 409 for one no longer open.
 */
export function memberStepRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  const act = (action: StepAction) => async (c: Context<AppEnv, string, { out: { param: { stepId: string } } }>) => {
    const { stepId } = c.req.valid('param');
    const outcome = await applyStepAction(deps, { userId: c.get('user').id, stepId, action });
    if (!outcome.ok) {
      const body: ApiErrorBody = { error: outcome.error };
      return c.json(body, outcome.status);
    }
    const body: StepActionResultDto = { step: outcome.step, next: outcome.next, message: outcome.message };
    return c.json(body, 200);
  };
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const body: MemberStepsDto = await memberStepsOf(deps.db, c.get('user').id);
      return c.json(body);
    })
    .post('/', access.member, async (c) => {
      const { step, created } = await startSteps(deps, c.get('user').id);
      const body: StepStartDto = { step, created };
      return c.json(body, created ? 201 : 200);
    })
    .post('/:stepId/accept', access.member, validate('param', stepParam), act('accept'))
    .post('/:stepId/swap', access.member, validate('param', stepParam), act('swap'))
    .post('/:stepId/done', access.member, validate('param', stepParam), act('done'))
    .post('/:stepId/not-done', access.member, validate('param', stepParam), act('not_done'));
}
