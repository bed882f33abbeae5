import type { BillingPeriod } from './billing-period';

/** What the API answers about subscriptions, the trial and the beta places (docs/product.md#subscription). */

/** GET /api/me/subscription (docs/product.md#subscription). */
export type SubscriptionStatusDto = {
  subscribed: boolean;
  subscription_tier: string | null;
  /** The end of the paid period: the next billing date, or the last day when cancelled. */
  subscription_end: string | null;
  /** True once cancelled at the period end: the screens say "ends on …" instead of a next billing date. */
  cancel_at_period_end: boolean;
  billing_period: BillingPeriod | null;
};

/** POST /api/me/subscription/checkout and /portal: where the browser goes next (a new tab). */
export type RedirectUrlDto = {
  url: string;
};

/**
 * Whether the member may start a coach conversation, and why (the entitlement
 * rule, lib/billing/conversation-access.ts): GET /api/me/trial-use says what applies
 * now; POST starts one (409 { error, code: 'trial_expired' } when nothing does).
 */
export type ConversationAccessDto = {
  /** subscription, beta (a Free Beta Access place), trial (the free conversation, not started),
   *  trial_continues (started less than a day ago: copying the link again is the same conversation),
   *  or none. */
  basis: 'subscription' | 'beta' | 'trial' | 'trial_continues' | 'none';
  can_start: boolean;
  /** False for subscribers and Free Beta Access members: they are not limited and nothing was counted. */
  limited: boolean;
  trial_conversations_used: number;
  /** While the trial conversation continues: until when copying the link again is free. */
  trial_continues_until: string | null;
};

/** GET /api/beta-places: the Free Beta Access places (BETA_SEATS) and how many are left. */
export type BetaPlacesDto = {
  seats: number;
  left: number;
  /** Whether the caller holds one (false when signed out). */
  holding: boolean;
};
