import { paidPlanToBuy, type BillingPeriod } from '@app/shared';
import { periodFromAddress, periodInAddress } from '@/lib/period-in-address';

/**
 * What /subscription opens with, from its query (`?plan=The Space Pass&period=yearly`):
 * the tier that sells the plan named (decision 021), and the billing period.
 * Anything else opens with nothing chosen, monthly.
 */
export function chooserStart(search: URLSearchParams): { plan: string | undefined; period: BillingPeriod } {
  return { plan: paidPlanToBuy(search.get('plan'))?.name, period: periodFromAddress(search.get('period')) };
}

/** The /subscription address that opens with a paid plan chosen. */
export function subscriptionPathFor(planName: string, period: BillingPeriod = 'month'): string {
  return `/subscription?${new URLSearchParams({ plan: planName, period: periodInAddress(period) }).toString()}`;
}
