import { findPlanByKey, PURCHASABLE_PLAN_KEYS, type BillingPeriod, type PurchasablePlanKey } from '@app/shared';
import type { StripeEarlierPriceIds, StripePriceIds } from '../../env';

/** One thing a member can buy: a plan and a billing period, with the provider's id for it. */
export interface CataloguePrice {
  planKey: PurchasablePlanKey;
  period: BillingPeriod;
  priceId: string;
  amountPence: number;
}

/**
 * The catalogue's prices as the provider names them: Stripe's price ids from
 * configuration, or the local provider's own `local_<plan>_<period>`. The one
 * place a price id turns into a plan and back.
 *
 * Only The Space Pass is sold (decision 065). The earlier tiers' Stripe prices, when
 * configured, are known too: a subscription still billed at one reads as The Space
 * Pass at the same period, but no checkout or plan change may name one.
 */
export class CataloguePrices {
  readonly all: readonly CataloguePrice[];
  private readonly earlier: readonly CataloguePrice[];

  constructor(stripePrices: StripePriceIds | undefined, earlierPrices?: StripeEarlierPriceIds) {
    this.all = PURCHASABLE_PLAN_KEYS.flatMap((planKey) =>
      (['month', 'year'] as const).map((period) => ({
        planKey,
        period,
        priceId: stripePrices ? stripePrices[planKey][period] : `local_${planKey}_${period}`,
        amountPence: amountOf(planKey, period),
      })),
    );
    this.earlier = (['month', 'year'] as const).flatMap((period) =>
      (earlierPrices?.[period] ?? []).map((priceId) => ({
        planKey: 'space_pass' as const,
        period,
        priceId,
        amountPence: amountOf('space_pass', period),
      })),
    );
  }

  /** A price a provider event names: one sold, or an earlier tier's (read as The Space Pass). */
  byPriceId(priceId: string): CataloguePrice | undefined {
    return this.all.find((p) => p.priceId === priceId) ?? this.earlier.find((p) => p.priceId === priceId);
  }

  byPlan(planKey: string, period: BillingPeriod): CataloguePrice | undefined {
    return this.all.find((p) => p.planKey === planKey && p.period === period);
  }

  /** The price a checkout or plan-change request names, or undefined when it names none sold. */
  fromRequest(
    input: { plan_key: string; billing_period: BillingPeriod } | { price_id: string },
  ): CataloguePrice | undefined {
    return 'price_id' in input
      ? this.all.find((p) => p.priceId === input.price_id)
      : this.byPlan(input.plan_key, input.billing_period);
  }
}

function amountOf(planKey: PurchasablePlanKey, period: BillingPeriod): number {
  const plan = findPlanByKey(planKey)!;
  return period === 'month' ? plan.monthlyPence : plan.yearlyPence;
}
