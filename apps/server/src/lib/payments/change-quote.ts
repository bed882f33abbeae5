import type { BillingPeriod } from '@app/shared';

/**
 * What a change of plan or billing period costs today, as a provider computes
 * it (Stripe's invoice preview, or the local provider's own computation):
 * the provider-neutral shape both answer, and the route turns into
 * SubscriptionChangePreviewDto.
 */
export interface ChangeQuote {
  planKey: string;
  period: BillingPeriod;
  /** The new recurring price. */
  pricePence: number;
  lines: { description: string; amountPence: number }[];
  /** Taken from the card today. */
  amountDueTodayPence: number;
  /** Credited to the member's account today (a change to something cheaper). */
  creditTodayPence: number;
  nextBillingDate: Date;
  /** The moment the proration is computed for (Stripe's proration_date: whole seconds). */
  quotedAt: Date;
}

/** What the member agreed to: the quote's moment and its amounts for today. */
export interface AgreedQuote {
  quotedAt: Date;
  amountDueTodayPence: number;
  creditTodayPence: number;
}

export const sameAmounts = (quote: ChangeQuote, agreed: AgreedQuote) =>
  quote.amountDueTodayPence === agreed.amountDueTodayPence && quote.creditTodayPence === agreed.creditTodayPence;

/** Stripe's proration dates are whole seconds: a quote's moment is too, so both providers agree on it. */
export const wholeSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
