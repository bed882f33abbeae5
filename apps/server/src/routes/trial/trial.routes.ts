import { Hono } from 'hono';
import { TRIAL_EXPIRED_CODE, type TrialUseDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../middleware/auth-guards';
import { spendTrialConversation } from '../../lib/trial';

/** user-app §8 "Trial Expired" description, sent as the error so the toast can show it as is. */
export const TRIAL_EXPIRED_MESSAGE =
  "You've used your free trial conversation. Please choose a subscription plan to continue.";

/** POST /api/me/trial-use: the signed-in member starts a coach conversation (FOUNDING-DESIGN §4). */
export function trialRoutes({ db, auth }: AppDeps) {
  return new Hono<AppEnv>().use(requireUser(auth, db)).post('/', async (c) => {
    const result = await spendTrialConversation(db, c.get('user').id);
    if (result.outcome === 'expired') return c.json({ error: TRIAL_EXPIRED_MESSAGE, code: TRIAL_EXPIRED_CODE }, 409);
    const body: TrialUseDto = {
      limited: result.outcome === 'counted',
      trial_conversations_used: result.trialConversationsUsed,
    };
    return c.json(body);
  });
}
