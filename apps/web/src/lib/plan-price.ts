import { formatPounds, yearlyPerMonthPence, yearlySavingPence, type BillingPeriod, type Plan } from '@app/shared';

/**
 * How a plan's price is shown, in one place for every screen that shows one
 * (/pricing, onboarding, the profile), so the same price always reads the same.
 */

/**
 * The words a billing period is shown with: "billed yearly", the toggle's
 * "Yearly". (Its word in an address: period-in-address.ts, decision 021.)
 */
export const PERIOD_WORDS: Record<BillingPeriod, { adverb: 'monthly' | 'yearly'; label: 'Monthly' | 'Yearly' }> = {
  month: { adverb: 'monthly', label: 'Monthly' },
  year: { adverb: 'yearly', label: 'Yearly' },
};

/** The yearly discount as a whole percentage of twelve monthly payments (20 for The Space Pass). */
export function yearlySavingPercent(plan: Plan): number {
  const twelveMonths = plan.monthlyPence * 12;
  return twelveMonths === 0 ? 0 : Math.round((yearlySavingPence(plan) / twelveMonths) * 100);
}

/** "Save 20%" for the yearly toggle and card badge. */
export function saveBadge(plan: Plan): string {
  return `Save ${yearlySavingPercent(plan)}%`;
}

export interface DisplayPrice {
  /** The big figure, per month. */
  perMonth: string;
  /** How the plan is billed, or undefined for free plans. */
  billing?: string;
  /** The yearly saving line, on yearly billing only. */
  saving?: string;
}

/** What a plan card shows for a plan in the chosen billing period (docs/product.md#plans-and-their-names). */
export function displayPrice(plan: Plan, period: BillingPeriod): DisplayPrice {
  // "£0" reads better than "£0.00" for a free plan.
  if (plan.free) return { perMonth: formatPounds(0).replace(/\.00$/, '') };
  if (period === 'month') return { perMonth: formatPounds(plan.monthlyPence), billing: 'Billed monthly' };
  return {
    perMonth: formatPounds(yearlyPerMonthPence(plan)),
    billing: `Billed yearly at ${formatPounds(plan.yearlyPence)}`,
    saving: `You save ${formatPounds(yearlySavingPence(plan))} a year`,
  };
}
