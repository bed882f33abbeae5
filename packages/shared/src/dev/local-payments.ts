import type { BillingPeriod } from '../billing/billing-period';

/** What the local payment provider's pages and the dev subscription routes answer (local mode only). */

/** The local provider's checkout (TEST MODE, local mode only): what is being bought. */
export type LocalCheckoutDto = {
  id: string;
  plan_key: string;
  plan_name: string;
  billing_period: BillingPeriod;
  amount_pence: number;
  email: string;
  /** Set once paid: the page then shows the confirmation instead of the card form. */
  paid: boolean;
};

/** The local provider's portal (local mode only): the member's subscription as the provider sees it. */
export type LocalPortalDto = {
  plan_key: string;
  plan_name: string;
  billing_period: BillingPeriod;
  amount_pence: number;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
};

/** PUT /api/dev/subscriptions (local mode only): the test subscription just set. */
export type LocalSubscriptionDto = {
  email: string;
  plan_key: string;
  status: string;
  current_period_end: string;
};

/** DELETE /api/dev/subscriptions/:email (local mode only): how many were removed. */
export type DeletedCountDto = {
  deleted: number;
};
