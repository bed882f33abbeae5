import { Hono } from 'hono';
import { z } from 'zod';
import {
  expiryInFuture,
  findPlanByKey,
  localCardSchema,
  type ApiErrorBody,
  type LocalCheckoutDto,
  type LocalPortalDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';
import { activeSubscriptionOf, subscriptionOf } from '../../lib/billing/subscriptions';
import { LocalPaymentProvider, type LocalCheckoutRow } from '../../lib/payments/local-provider';
import { providerCall } from '../../lib/payments/provider-call';

const NOT_IN_USE: ApiErrorBody = { error: 'The local payment provider is not in use here.' };
const NO_SUBSCRIPTION: ApiErrorBody = { error: 'You have no active subscription.' };
const checkoutParam = z.object({ id: z.string() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

function priceOf(planKey: string, period: 'month' | 'year'): number {
  const plan = findPlanByKey(planKey);
  return plan ? (period === 'month' ? plan.monthlyPence : plan.yearlyPence) : 0;
}

function checkoutDto(row: LocalCheckoutRow, email: string): LocalCheckoutDto {
  return {
    id: row.id,
    plan_key: row.planKey,
    plan_name: findPlanByKey(row.planKey)?.name ?? row.planKey,
    billing_period: row.billingPeriod,
    amount_pence: priceOf(row.planKey, row.billingPeriod),
    email,
    paid: Boolean(row.paidAt),
  };
}

/**
 * The local payment provider's TEST MODE checkout and portal (no Stripe key;
 * local mode only: never mounted in production). Each is the signed-in
 * member's own: another member's checkout answers as a missing one.
 * Cancelling and switching plan in the portal use /api/me/subscription's
 * cancel and update, as with Stripe; resuming is the portal's own.
 */
export function localPaymentRoutes(deps: AppDeps) {
  const { db, payments, logger } = deps;
  const access = routeAccess(deps);
  const local = payments instanceof LocalPaymentProvider ? payments : undefined;
  return new Hono<AppEnv>()
    .get('/checkout/:id', access.member, validate('param', checkoutParam), async (c) => {
      if (!local) return c.json(NOT_IN_USE, 404);
      const { id } = c.req.valid('param');
      const member = c.get('user');
      const row = isUuid(id) ? await local.checkoutOf(member.id, id) : undefined;
      const body: LocalCheckoutDto | null = row ? checkoutDto(row, member.email) : null;
      return c.json(body);
    })
    .post(
      '/checkout/:id/pay',
      access.member,
      validate('param', checkoutParam),
      validate('json', localCardSchema),
      async (c) => {
        if (!local) return c.json(NOT_IN_USE, 404);
        const { id } = c.req.valid('param');
        const card = c.req.valid('json');
        const member = c.get('user');
        const row = isUuid(id) ? await local.checkoutOf(member.id, id) : undefined;
        if (!row) return c.json({ error: 'Checkout not found' } satisfies ApiErrorBody, 404);
        if (!expiryInFuture(card.expiry)) return invalidInput(c, { expiry: ['Your card has expired'] });
        return providerCall(
          c,
          logger,
          () => local.pay(row, card.card_number),
          async () => {
            const paid = (await local.checkoutOf(member.id, id))!;
            return c.json(checkoutDto(paid, member.email));
          },
        );
      },
    )
    .get('/portal', access.member, async (c) => {
      if (!local) return c.json(NOT_IN_USE, 404);
      const sub = await subscriptionOf(db, c.get('user').id);
      const period = sub?.billingPeriod ?? 'month';
      const body: LocalPortalDto | null =
        sub && sub.status !== 'canceled'
          ? {
              plan_key: sub.planKey,
              plan_name: findPlanByKey(sub.planKey)?.name ?? sub.planKey,
              billing_period: period,
              amount_pence: priceOf(sub.planKey, period),
              status: sub.status,
              current_period_end: sub.currentPeriodEnd?.toISOString() ?? null,
              cancel_at_period_end: sub.cancelAtPeriodEnd,
            }
          : null;
      return c.json(body);
    })
    .post('/portal/resume', access.member, async (c) => {
      if (!local) return c.json(NOT_IN_USE, 404);
      const sub = await activeSubscriptionOf(db, c.get('user').id);
      if (!sub) return c.json(NO_SUBSCRIPTION, 404);
      return providerCall(
        c,
        logger,
        () => local.resume(sub),
        () => c.body(null, 204),
      );
    });
}
