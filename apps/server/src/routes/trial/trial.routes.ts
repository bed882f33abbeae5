import { Hono } from 'hono';
import { TRIAL_EXPIRED_CODE, type ApiErrorBody, type ConversationAccessDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { conversationAccess, startConversation, TRIAL_EXPIRED_MESSAGE } from '../../lib/billing/conversation-access';

/**
 * /api/me/trial-use: the entitlement rule (lib/billing/conversation-access.ts) for the
 * signed-in member. GET says what their plan allows now (the connect card says
 * it plainly); POST starts a coach conversation (connect card, Quick Connect,
 * onboarding-complete's chat link), spending the free trial when that is what allows it.
 */
export function trialRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const body: ConversationAccessDto = await conversationAccess(db, c.get('user').id);
      return c.json(body);
    })
    .post('/', access.member, async (c) => {
      const result = await startConversation(db, c.get('user').id);
      if (!result.can_start) {
        const refusal: ApiErrorBody = { error: TRIAL_EXPIRED_MESSAGE, code: TRIAL_EXPIRED_CODE };
        return c.json(refusal, 409);
      }
      const body: ConversationAccessDto = result;
      return c.json(body);
    });
}
