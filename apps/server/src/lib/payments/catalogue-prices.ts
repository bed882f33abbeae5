import { findPlanByKey, PURCHASABLE_PLAN_KEYS, type BillingPeriod, type PurchasablePlanKey } from '@app/shared';
import type { StripePriceIds } from '../../env';

/** One thing a member can buy: a tier and a billing period, with the provider's id for it. */
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
 */
export class CataloguePrices {
  readonly all: readonly CataloguePrice[];

  constructor(stripePrices: StripePriceIds | undefined) {
    this.all = PURCHASABLE_PLAN_KEYS.flatMap((planKey) =>
      (['month', 'year'] as const).map((period) => {
        const plan = findPlanByKey(planKey)!;
        return {
          planKey,
          period,
          priceId: stripePrices ? stripePrices[planKey][period] : `local_${planKey}_${period}`,
          amountPence: period === 'month' ? plan.monthlyPence : plan.yearlyPence,
        };
      }),
    );
  }

  byPriceId(priceId: string): CataloguePrice | undefined {
    return this.all.find((p) => p.priceId === priceId);
  }

  byPlan(planKey: string, period: BillingPeriod): CataloguePrice | undefined {
    return this.all.find((p) => p.planKey === planKey && p.period === period);
  }

  /** The price a checkout or plan-change request names, or undefined when it names none of ours. */
  fromRequest(
    input: { plan_key: string; billing_period: BillingPeriod } | { price_id: string },
  ): CataloguePrice | undefined {
    return 'price_id' in input ? this.byPriceId(input.price_id) : this.byPlan(input.plan_key, input.billing_period);
  }
}
