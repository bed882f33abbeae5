import { findPlanByKey, type BillingPeriod } from '@app/shared';
import type { ChangeQuote } from './change-quote';

const MONTHS: Record<BillingPeriod, number> = { month: 1, year: 12 };

/**
 * A date some whole months away, on the same day of the month or the last day
 * of a shorter month (31 January + 1 month = 28 February), as Stripe bills.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The end of a paid period that starts at `start`. */
export const periodEndFrom = (start: Date, period: BillingPeriod) => addMonths(start, MONTHS[period]);
/** The start of the paid period that ends at `end` (the local provider keeps only the end). */
export const periodStartBefore = (end: Date, period: BillingPeriod) => addMonths(end, -MONTHS[period]);

export const pricePence = (planKey: string, period: BillingPeriod) => {
  const plan = findPlanByKey(planKey);
  if (!plan) return 0;
  return period === 'month' ? plan.monthlyPence : plan.yearlyPence;
};

const dateWords = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const planWords = (planKey: string, period: BillingPeriod) =>
  `${findPlanByKey(planKey)?.name ?? planKey} (${period === 'month' ? 'monthly' : 'yearly'})`;

export interface CurrentTerms {
  planKey: string;
  period: BillingPeriod;
  currentPeriodEnd: Date;
}

/**
 * The local provider's quote, computed as Stripe computes an immediately
 * invoiced change (proration_behavior always_invoice, classic billing mode):
 * the unused time of the current price is credited to the second, each line
 * rounded to the penny. A new billing period starts a new paid period today at
 * the full new price (Stripe resets the billing cycle when the interval
 * changes); the same period keeps its end and charges the new price for the
 * time left.
 */
export function localChangeQuote(current: CurrentTerms, planKey: string, period: BillingPeriod, at: Date): ChangeQuote {
  const end = current.currentPeriodEnd;
  const start = periodStartBefore(end, current.period);
  const span = end.getTime() - start.getTime();
  const left = Math.min(Math.max(end.getTime() - at.getTime(), 0), span);
  const share = span > 0 ? left / span : 0;
  const newPrice = pricePence(planKey, period);
  const since = dateWords(at);

  const lines = [
    {
      description: `Unused time on ${planWords(current.planKey, current.period)} after ${since}`,
      amountPence: -Math.round(pricePence(current.planKey, current.period) * share),
    },
  ];
  let nextBillingDate: Date;
  if (period !== current.period) {
    nextBillingDate = periodEndFrom(at, period);
    lines.push({
      description: `${planWords(planKey, period)} from ${since} to ${dateWords(nextBillingDate)}`,
      amountPence: newPrice,
    });
  } else {
    nextBillingDate = end;
    lines.push({
      description: `Remaining time on ${planWords(planKey, period)} after ${since}`,
      amountPence: Math.round(newPrice * share),
    });
  }
  const total = lines.reduce((sum, line) => sum + line.amountPence, 0);
  return {
    planKey,
    period,
    pricePence: newPrice,
    lines,
    amountDueTodayPence: Math.max(total, 0),
    creditTodayPence: Math.max(-total, 0),
    nextBillingDate,
    quotedAt: at,
  };
}
