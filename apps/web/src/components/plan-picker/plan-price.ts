import { formatPounds, yearlyPerMonthPence, type Plan } from '@app/shared';

export type BillingPeriod = 'monthly' | 'yearly';

/** "£0" rather than "£0.00": a free plan reads as free at a glance (user-app §9). */
function pounds(pence: number): string {
  return pence === 0 ? '£0' : formatPounds(pence);
}

/** The big per-month figure and the line under it, for one billing period. */
export function planPrice(plan: Plan, period: BillingPeriod): { perMonth: string; note: string } {
  if (plan.free) return { perMonth: pounds(0), note: 'Free, no card needed' };
  if (period === 'yearly') {
    return { perMonth: pounds(yearlyPerMonthPence(plan)), note: `Billed ${formatPounds(plan.yearlyPence)} yearly` };
  }
  return { perMonth: pounds(plan.monthlyPence), note: 'Billed monthly' };
}
