import { z } from 'zod';
import { BILLING_PERIODS, type BillingPeriod } from './billing-period';
import { INVALID_PLAN_MESSAGE, PURCHASABLE_PLAN_KEYS } from './subscription-schemas';

/**
 * A change of plan or billing period is previewed first and confirmed after
 * (decision 066): the preview says the new price and what is charged or
 * credited today; the confirmation names the preview it agrees to, so nothing
 * moves that the member has not seen.
 */

/** The confirmation names no preview, or one too old to stand for today's price. */
export const CHANGE_NOT_PREVIEWED_MESSAGE = 'Please review the change and its price before confirming it.';
export const CHANGE_PREVIEW_EXPIRED_MESSAGE =
  'This price preview is more than 30 minutes old. Please review the change again.';
/** What the provider would charge now is not what the member saw. */
export const CHANGE_PRICE_MOVED_MESSAGE =
  'What this change costs today is no longer what you saw. Please review the new price before confirming.';
/** Stripe's card declined the change's invoice: the plan stays as it was. */
export const CHANGE_NOT_PAID_MESSAGE =
  'The payment for this change did not go through, so your plan has not changed. Please check your card in the customer portal.';
export const CHANGE_NOTHING_TO_CHANGE_MESSAGE = 'You are already on this plan and billing period.';

/** How long a preview stands: a confirmation after this asks for a new preview. */
export const CHANGE_PREVIEW_VALID_MS = 30 * 60_000;

/** The change to preview: the plan and billing period to move to. */
export const subscriptionChangePreviewSchema = z
  .object({
    plan_key: z.enum(PURCHASABLE_PLAN_KEYS, INVALID_PLAN_MESSAGE),
    billing_period: z.enum(BILLING_PERIODS, 'billing_period must be month or year'),
  })
  .strict();
export type SubscriptionChangePreviewInput = z.input<typeof subscriptionChangePreviewSchema>;

/** The confirmation: the same change, the preview's moment and the amount it showed for today. */
export const subscriptionChangeSchema = subscriptionChangePreviewSchema
  .extend({
    quoted_at: z.iso.datetime({ offset: true, message: CHANGE_NOT_PREVIEWED_MESSAGE }),
    amount_due_today_pence: z
      .number(CHANGE_NOT_PREVIEWED_MESSAGE)
      .int(CHANGE_NOT_PREVIEWED_MESSAGE)
      .min(0, CHANGE_NOT_PREVIEWED_MESSAGE)
      .max(10_000_000, CHANGE_NOT_PREVIEWED_MESSAGE),
    credit_today_pence: z
      .number(CHANGE_NOT_PREVIEWED_MESSAGE)
      .int(CHANGE_NOT_PREVIEWED_MESSAGE)
      .min(0, CHANGE_NOT_PREVIEWED_MESSAGE)
      .max(10_000_000, CHANGE_NOT_PREVIEWED_MESSAGE),
  })
  .strict();
export type SubscriptionChangeInput = z.input<typeof subscriptionChangeSchema>;

/** One line of the preview: a credit for unused time (negative), or a charge. */
export type ChangePreviewLineDto = {
  description: string;
  amount_pence: number;
};

/** POST /api/me/subscription/update/preview: what the change costs, as the payment provider computes it. */
export type SubscriptionChangePreviewDto = {
  plan_key: string;
  plan_name: string;
  billing_period: BillingPeriod;
  /** The new recurring price, per billing period. */
  price_pence: number;
  /** What the member has now. */
  current_plan_name: string;
  current_billing_period: BillingPeriod;
  current_price_pence: number;
  lines: ChangePreviewLineDto[];
  /** Taken from the member's card today (0 when the change costs nothing today). */
  amount_due_today_pence: number;
  /** Credited to the member's account today, set against the next payments (0 when none). */
  credit_today_pence: number;
  /** When the new price is next charged. */
  next_billing_date: string;
  /** The moment the amounts are computed for; the confirmation sends it back. */
  quoted_at: string;
};
