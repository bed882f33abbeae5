import { Hono } from 'hono';
import { findPlanByKey, type SubscriptionStatusDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { activeSubscriptionOf } from '../../lib/subscriptions';

/** GET /api/me/subscription: the subscription check of docs/product.md#subscription, for the signed-in member only. */
export function subscriptionStatusRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.member, async (c) => {
    const sub = await activeSubscriptionOf(db, c.get('user').id);
    const body: SubscriptionStatusDto = {
      subscribed: Boolean(sub),
      subscription_tier: sub ? (findPlanByKey(sub.planKey)?.name ?? null) : null,
      subscription_end: sub?.currentPeriodEnd?.toISOString() ?? null,
    };
    return c.json(body);
  });
}
