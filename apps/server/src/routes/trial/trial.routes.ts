import { Hono } from 'hono';
import { TRIAL_EXPIRED_CODE, type ApiErrorBody, type TrialUseDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { spendTrialConversation } from '../../lib/trial';

/** The Trial Expired description (docs/product.md#connecting-to-the-coach), sent as the error so the toast can show it as is. */
export const TRIAL_EXPIRED_MESSAGE =
  "You've used your free trial conversation. Please choose a subscription plan to continue.";

/** POST /api/me/trial-use: the signed-in member starts a coach conversation (docs/product.md#connecting-to-the-coach). */
export function trialRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().post('/', access.member, async (c) => {
    const result = await spendTrialConversation(db, c.get('user').id);
    if (result.outcome === 'expired') {
      const refusal: ApiErrorBody = { error: TRIAL_EXPIRED_MESSAGE, code: TRIAL_EXPIRED_CODE };
      return c.json(refusal, 409);
    }
    const body: TrialUseDto = {
      limited: result.outcome === 'counted',
      trial_conversations_used: result.trialConversationsUsed,
    };
    return c.json(body);
  });
}
