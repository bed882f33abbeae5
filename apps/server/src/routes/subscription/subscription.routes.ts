import { Hono } from 'hono';
import {
  findPlanByKey,
  subscriptionChangePreviewSchema,
  subscriptionChangeSchema,
  subscriptionPriceSchema,
  INVALID_PLAN_MESSAGE,
  type ApiErrorBody,
  type RedirectUrlDto,
  type SubscriptionChangePreviewDto,
  type SubscriptionStatusDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';
import { activeSubscriptionOf, subscriptionOf, type SubscriptionRow } from '../../lib/billing/subscriptions';
import { ALREADY_SUBSCRIBED_MESSAGE } from '../../lib/payments/local-provider';
import type { ChangeQuote } from '../../lib/payments/change-quote';
import { confirmPlanChange, previewPlanChange } from '../../lib/payments/plan-change';
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

function previewOf(quote: ChangeQuote, current: SubscriptionRow): SubscriptionChangePreviewDto {
  const currentPeriod = current.billingPeriod ?? 'month';
  const currentPlan = findPlanByKey(current.planKey);
  return {
    plan_key: quote.planKey,
    plan_name: findPlanByKey(quote.planKey)?.name ?? quote.planKey,
    billing_period: quote.period,
    price_pence: quote.pricePence,
    current_plan_name: currentPlan?.name ?? current.planKey,
    current_billing_period: currentPeriod,
    current_price_pence: currentPlan
      ? currentPeriod === 'month'
        ? currentPlan.monthlyPence
        : currentPlan.yearlyPence
      : 0,
    lines: quote.lines.map((line) => ({ description: line.description, amount_pence: line.amountPence })),
    amount_due_today_pence: quote.amountDueTodayPence,
    credit_today_pence: quote.creditTodayPence,
    next_billing_date: quote.nextBillingDate.toISOString(),
    quoted_at: quote.quotedAt.toISOString(),
  };
}

/**
 * The subscription actions (docs/product.md#subscription), for the signed-in member
 * only: check-subscription (GET /), create-checkout, customer-portal,
 * cancel-subscription and update-subscription (previewed first, then confirmed
 * with the preview: decision 066). Our database holds the state; only the
 * provider's verified answers and events change it.
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
    .post(
      '/update/preview',
      access.memberForSubscription,
      validate('json', subscriptionChangePreviewSchema),
      async (c) => {
        if (!payments) return c.json(UNAVAILABLE, 503);
        const input = c.req.valid('json');
        const price = payments.prices.byPlan(input.plan_key, input.billing_period);
        if (!price) return invalidInput(c, { plan_key: [INVALID_PLAN_MESSAGE] });
        const sub = await activeSubscriptionOf(db, c.get('user').id);
        if (!sub) return c.json(NO_SUBSCRIPTION, 404);
        return providerCall(
          c,
          logger,
          () => previewPlanChange(payments, sub, price),
          (quote) => c.json(previewOf(quote, sub)),
        );
      },
    )
    .post('/update', access.memberForSubscription, validate('json', subscriptionChangeSchema), async (c) => {
      if (!payments) return c.json(UNAVAILABLE, 503);
      const input = c.req.valid('json');
      const price = payments.prices.byPlan(input.plan_key, input.billing_period);
      if (!price) return invalidInput(c, { plan_key: [INVALID_PLAN_MESSAGE] });
      const userId = c.get('user').id;
      const sub = await activeSubscriptionOf(db, userId);
      if (!sub) return c.json(NO_SUBSCRIPTION, 404);
      const agreed = {
        quotedAt: new Date(input.quoted_at),
        amountDueTodayPence: input.amount_due_today_pence,
        creditTodayPence: input.credit_today_pence,
      };
      return providerCall(
        c,
        logger,
        () => confirmPlanChange(payments, sub, price, agreed),
        async () => c.json(statusOf(await activeSubscriptionOf(db, userId))),
      );
    });
}
