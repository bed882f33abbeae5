import { BILLING_PERIODS, tierForPaidPlan, type BillingPeriod } from '@app/shared';
import { PERIOD_WORDS } from '@/lib/plan-price';

/**
 * What /subscription opens with, from its query (`?plan=The Space Pass&period=yearly`):
 * the tier that sells the plan named (decision 021), and the billing period.
 * Anything else opens with nothing chosen, monthly. The address names the period
 * with its word (`monthly`/`yearly`, decision 021), so links made before keep working.
 */
export function chooserStart(search: URLSearchParams): { plan: string | undefined; period: BillingPeriod } {
  return {
    plan: tierForPaidPlan(search.get('plan'))?.name,
    period: BILLING_PERIODS.find((period) => PERIOD_WORDS[period].adverb === search.get('period')) ?? 'month',
  };
}

/** The /subscription address that opens with a paid plan chosen. */
export function subscriptionPathFor(planName: string, period: BillingPeriod = 'month'): string {
  return `/subscription?${new URLSearchParams({ plan: planName, period: PERIOD_WORDS[period].adverb }).toString()}`;
}
