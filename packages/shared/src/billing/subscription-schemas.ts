import { z } from 'zod';
import { BILLING_PERIODS } from './billing-period';
import type { PlanKey } from './plans';

/**
 * Request schemas of the subscription actions (docs/product.md#subscription);
 * answers are in billing-contract.ts.
 */

/** What is sold (decision 065): The Space Pass, the only plan key a checkout or a plan change accepts. */
export const PURCHASABLE_PLAN_KEYS = ['space_pass'] as const satisfies readonly PlanKey[];
export type PurchasablePlanKey = (typeof PURCHASABLE_PLAN_KEYS)[number];

/** "Invalid Plan" (docs/product.md#subscription): the message of a checkout without a paid plan. */
export const INVALID_PLAN_MESSAGE = 'Please select a paid subscription plan';

/**
 * What to buy or switch to: a plan key and billing period, or the provider's
 * price id of one of them. The server maps either
 * to one catalogue price and refuses anything else.
 */
export const subscriptionPriceSchema = z.union(
  [
    z
      .object({
        plan_key: z.enum(PURCHASABLE_PLAN_KEYS, INVALID_PLAN_MESSAGE),
        billing_period: z.enum(BILLING_PERIODS, 'billing_period must be month or year').default('month'),
      })
      .strict(),
    z.object({ price_id: z.string().trim().min(1, INVALID_PLAN_MESSAGE).max(255, INVALID_PLAN_MESSAGE) }).strict(),
  ],
  INVALID_PLAN_MESSAGE,
);
export type SubscriptionPriceInput = z.input<typeof subscriptionPriceSchema>;

/** The local provider's test card form (its TEST MODE checkout page). */
export const LOCAL_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;
export const CARD_DECLINED_MESSAGE = 'Your card was declined. Try another card.';

const digits = (value: string) => value.replace(/[\s-]/g, '');

export const localCardSchema = z
  .object({
    card_number: z
      .string('Enter your card number')
      .transform(digits)
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
    expiry: z
      .string('Enter the expiry date')
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'Enter the expiry date as MM / YY'),
    cvc: z
      .string('Enter the CVC')
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit CVC'),
  })
  .strict();
export type LocalCardInput = z.input<typeof localCardSchema>;

/** Whether an MM / YY expiry is still in the future (a card is valid to the end of its month). */
export function expiryInFuture(expiry: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** The local portal's switch: the other billing period of the member's subscription. */
export const localPlanChangeSchema = z
  .object({
    plan_key: z.enum(PURCHASABLE_PLAN_KEYS, INVALID_PLAN_MESSAGE),
    billing_period: z.enum(BILLING_PERIODS, 'billing_period must be month or year'),
  })
  .strict();
