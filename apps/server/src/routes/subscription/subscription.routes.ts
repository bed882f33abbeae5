import { Hono } from 'hono';
import {
  findPlanByKey,
  subscriptionPriceSchema,
  INVALID_PLAN_MESSAGE,
  type ApiErrorBody,
  type RedirectUrlDto,
  type SubscriptionStatusDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';
import { activeSubscriptionOf, subscriptionOf, type SubscriptionRow } from '../../lib/billing/subscriptions';
import { ALREADY_SUBSCRIBED_MESSAGE } from '../../lib/payments/local-provider';
import { PAYMENTS_UNAVAILABLE_MESSAGE, providerCall } from '../../lib/payments/provider-call';

/** A Stripe row older than this is checked against Stripe when the member's status is read. */
export const RECONCILE_AFTER_MS = 5 * 60_000;

const NO_SUBSCRIPTION: ApiErrorBody = { error: 'You have no active subscription.' };
const UNAVAILABLE: ApiErrorBody = { error: PAYMENTS_UNAVAILABLE_MESSAGE };

function statusOf(sub: SubscriptionRow | null): SubscriptionStatusDto {
  return {
    subscribed: Boolean(sub),
    subscription_tier: sub ? (findPlanByKey(sub.planKey)?.name ?? null) : null,
    subscription_end: sub?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: sub?.cancelAtPeriodEnd ?? false,
    billing_period: sub?.billingPeriod ?? null,
  };
}

/**
 * The subscription actions (docs/product.md#subscription), for the signed-in member
 * only: check-subscription (GET /), create-checkout, customer-portal,
 * cancel-subscription and update-subscription. Our database holds the state;
 * only the provider's verified answers and events change it.
 */
export function subscriptionRoutes(deps: AppDeps) {
  const { db, payments, logger } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.memberForSubscription, async (c) => {
      const userId = c.get('user').id;
      const row = await subscriptionOf(db, userId);
      if (
        payments?.name === 'stripe' &&
        row?.provider === 'stripe' &&
        Date.now() - row.updatedAt.getTime() > RECONCILE_AFTER_MS
      ) {
        // A missed webhook must not leave the member with a stale answer; a failed check is only logged.
        await payments.reconcile(row).catch((err: unknown) => logger.warn({ err }, 'subscription reconcile failed'));
      }
      return c.json(statusOf(await activeSubscriptionOf(db, userId)));
    })
    .post('/checkout', access.memberForSubscription, validate('json', subscriptionPriceSchema), async (c) => {
      if (!payments) return c.json(UNAVAILABLE, 503);
      const price = payments.prices.fromRequest(c.req.valid('json'));
      if (!price) return invalidInput(c, { price_id: [INVALID_PLAN_MESSAGE] });
      const member = c.get('user');
      if (await activeSubscriptionOf(db, member.id)) {
        const refusal: ApiErrorBody = { error: ALREADY_SUBSCRIBED_MESSAGE, code: 'already_subscribed' };
        return c.json(refusal, 409);
      }
      return providerCall(
        c,
        logger,
        () => payments.createCheckout(member, price),
        (url) => {
          const body: RedirectUrlDto = { url };
          return c.json(body);
        },
      );
    })
    .post('/portal', access.memberForSubscription, async (c) => {
      if (!payments) return c.json(UNAVAILABLE, 503);
      const member = c.get('user');
      return providerCall(
        c,
        logger,
        () => payments.createPortal(member),
        (url) => {
          const body: RedirectUrlDto = { url };
          return c.json(body);
        },
      );
    })
    .post('/cancel', access.memberForSubscription, async (c) => {
      if (!payments) return c.json(UNAVAILABLE, 503);
      const userId = c.get('user').id;
      const sub = await activeSubscriptionOf(db, userId);
      if (!sub) return c.json(NO_SUBSCRIPTION, 404);
      return providerCall(
        c,
        logger,
        () => payments.cancelAtPeriodEnd(sub),
        async () => c.json(statusOf(await activeSubscriptionOf(db, userId))),
      );
    })
    .post('/update', access.memberForSubscription, validate('json', subscriptionPriceSchema), async (c) => {
      if (!payments) return c.json(UNAVAILABLE, 503);
      const price = payments.prices.fromRequest(c.req.valid('json'));
      if (!price) return invalidInput(c, { price_id: [INVALID_PLAN_MESSAGE] });
      const userId = c.get('user').id;
      const sub = await activeSubscriptionOf(db, userId);
      if (!sub) return c.json(NO_SUBSCRIPTION, 404);
      return providerCall(
        c,
        logger,
        () => payments.changePrice(sub, price),
        async () => c.json(statusOf(await activeSubscriptionOf(db, userId))),
      );
    });
}
