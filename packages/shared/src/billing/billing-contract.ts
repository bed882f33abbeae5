import type { BillingPeriod } from './billing-period';
import type { PlanBadge, PlanKey } from './plans';

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
  basis: 'subscription' | 'grant' | 'beta' | 'trial' | 'trial_continues' | 'none';
  can_start: boolean;
  /** False for subscribers, plan grants and Free Beta Access members: they are not limited and nothing was counted. */
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

/**
 * What decides a member's access and what every screen names as their plan (decision 065):
 * GET /api/me/plan, and the `plan` of the admin's member billing. Computed once on the
 * server (lib/billing/member-plan.ts), in this order: a live subscription (The Space Pass),
 * a plan grant (the exit offer's 30-Day Free Access, or The Space Pass an admin gave), a
 * Free Beta Access place, else Base Camp.
 */
export type MemberPlanDto = {
  key: PlanKey;
  name: string;
  badge: PlanBadge;
  /** What gives it: subscription, grant, beta (a place), trial (Base Camp, the free conversation
   *  not used up) or none (Base Camp, the free conversation used). */
  basis: 'subscription' | 'grant' | 'beta' | 'trial' | 'none';
  /** Unlimited coaching conversations (subscription, grant, beta). */
  unlimited: boolean;
  /** When it ends without anyone doing anything: a grant's end, a cancelled subscription's last day; else null. */
  ends_at: string | null;
  /** A subscription that renews: its next billing date; else null. */
  renews_at: string | null;
  billing_period: BillingPeriod | null;
  /** A grant given by an admin (not the offer). */
  granted_by_team: boolean;
};
