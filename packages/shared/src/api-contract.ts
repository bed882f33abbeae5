import type { Role } from './roles';

/**
 * What the API answers (decision 015). The server annotates each response with
 * these types and the web app's typed client (hono/client over the server's
 * route types) hands them to the screens, so a shape is written down once.
 *
 * - A 2xx body is the resource itself: an object, an array for a collection,
 *   or null for "nothing yet". No `{ data }` wrapper.
 * - Field names are snake_case, as the spec names its columns. The one
 *   exception is the local mailbox's `createdAt`, see docs/product.md#running-locally.
 * - Any other status answers an ApiErrorBody.
 *
 * Types, not interfaces: hono's client maps them to JSON shapes reliably.
 */

export type FieldErrors = Record<string, string[]>;

/** Every non-2xx body. A 400 for bad input carries the messages of each field. */
export type ApiErrorBody = {
  /** A sentence a person can read; the web app shows it in toasts. */
  error: string;
  /** Field name (dotted path) → its messages; 400 only. */
  fieldErrors?: FieldErrors;
  /** A machine-readable reason where the screen must tell refusals apart, e.g. 'trial_expired'. */
  code?: string;
};

/** GET /api/health (docs/product.md#running-locally). */
export type HealthDto = {
  ok: boolean;
  database: 'pglite' | 'postgres';
  version: string;
};

/** GET /api/config: what the browser may know about this deployment. */
export type AppConfigDto = {
  google_sign_in: boolean;
  whatsapp_number: string;
  local_mode: boolean;
};

/** GET and PATCH /api/me/profile (docs/product.md#profile), dates as ISO strings. */
export type ProfileDto = {
  id: string;
  full_name: string | null;
  email: string | null;
  focus_area_id: string | null;
  coaching_tone_id: string | null;
  credits: number;
  pricing_plan: string | null;
  trial_conversations_used: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
};

/** GET /api/me/roles, and the admin role changes: the roles the account holds. */
export type RolesDto = Role[];

export type FocusAreaDto = {
  id: string;
  label: string;
  description: string;
  icon_name: string;
  color_classes: string;
  sort_order: number;
};

export type CoachingToneDto = {
  id: string;
  title: string;
  subtitle: string;
  quote: string;
  sort_order: number;
};

export type StrategicPromptDto = {
  id: string;
  title: string;
  prompt_text: string;
  focus_area_id: string | null;
};

export type ReflectionDto = {
  id: string;
  created_at: string;
  reflection_text: string;
  strategic_prompt_id: string | null;
  strategic_prompt_title: string | null;
};

/** GET and PUT /api/me/prompt-ratings/:promptId; GET answers null before the first rating. */
export type PromptRatingDto = {
  strategic_prompt_id: string;
  rating: number;
};

/** A stored tracker-feedback answer (lists as the spec stores them: "a, b"). */
export type TrackerFeedbackDto = {
  id: string;
  user_id: string;
  tracking: string;
  project_management_tools: string;
  visual_feature_preferences: string;
  additional_thoughts: string | null;
  created_at: string;
  updated_at: string;
};

export type ChatMessageSummaryDto = {
  id: string;
  created_at: string;
  message: string;
  is_admin_message: boolean;
};

/** One day of the 30-day activity window: the date (yyyy-MM-dd, UTC) and what happened. */
export type ActivityDayDto = {
  date: string;
  reflections: number;
  messages: number;
};

/** GET /api/me/analytics (docs/product.md#profile). */
export type ProfileAnalyticsDto = {
  total_reflections: number;
  total_messages: number;
  /** max(0, CREDITS_BASELINE − credits) */
  credits_used: number;
  total_credits: number;
  /** Consecutive days with activity ending today (or yesterday when today has none yet). */
  streak_days: number;
  /** Distinct dates with a reflection in the last ACTIVITY_WINDOW_DAYS days. */
  active_days: number;
  /** ACTIVITY_WINDOW_DAYS entries, oldest first, ending today. */
  activity: ActivityDayDto[];
  recent_reflections: ReflectionDto[];
  recent_messages: ChatMessageSummaryDto[];
};

/** GET /api/me/subscription (docs/product.md#subscription). */
export type SubscriptionStatusDto = {
  subscribed: boolean;
  subscription_tier: string | null;
  /** The end of the paid period: the next billing date, or the last day when cancelled. */
  subscription_end: string | null;
  /** True once cancelled at the period end: the screens say "ends on …" instead of a next billing date. */
  cancel_at_period_end: boolean;
  billing_period: 'month' | 'year' | null;
};

/** POST /api/me/subscription/checkout and /portal: where the browser goes next (a new tab). */
export type RedirectUrlDto = {
  url: string;
};

/**
 * Whether the member may start a coach conversation, and why (the entitlement
 * rule, lib/conversation-access.ts): GET /api/me/trial-use says what applies
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

/** The local provider's checkout (TEST MODE, local mode only): what is being bought. */
export type LocalCheckoutDto = {
  id: string;
  plan_key: string;
  plan_name: string;
  billing_period: 'month' | 'year';
  amount_pence: number;
  email: string;
  /** Set once paid: the page then shows the confirmation instead of the card form. */
  paid: boolean;
};

/** The local provider's portal (local mode only): the member's subscription as the provider sees it. */
export type LocalPortalDto = {
  plan_key: string;
  plan_name: string;
  billing_period: 'month' | 'year';
  amount_pence: number;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
};

/**
 * POST /api/password-reset/check: whether a recovery link can still set a password.
 * The token is looked up, not spent; a used, expired or unknown one is simply not usable.
 */
export type ResetLinkStatusDto = {
  usable: boolean;
};

/**
 * POST /api/sign-up-confirmation/password and /new-password: this browser may
 * now follow the confirmation link, which confirms and signs in (decision 046).
 */
export type SignUpConfirmationDto = {
  confirmable: true;
};

/**
 * POST /api/email-change-undo: the previous address is back and every session
 * ended; `reset_token` opens "Set a new password" at once (decision 046).
 */
export type EmailChangeUndoneDto = {
  email: string;
  reset_token: string;
};

/** POST /api/exit-surveys: 201 with the saved survey's reference. */
export type ExitSurveyReceiptDto = {
  id: string;
  created_at: string;
};

/** PATCH /api/admin/users/:id/active */
export type AccountActivationDto = {
  id: string;
  is_active: boolean;
};

/** A mail kept by the server's local mailbox: GET /api/dev/mailbox (local mode only, docs/product.md#running-locally). */
export type LocalMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
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

/** One member as the admin Users screen shows them (docs/product.md#admin-back-office). */
export type AdminUserDto = {
  id: string;
  full_name: string | null;
  email: string | null;
  credits: number;
  pricing_plan: string;
  is_active: boolean;
  created_at: string;
  roles: Role[];
  focus_area_label: string | null;
  coaching_tone_title: string | null;
};

/** GET /api/admin/users: one page of members, newest first, and the screen's three counters over everyone. */
export type AdminUserListDto = {
  users: AdminUserDto[];
  /** Members matching the search (all members without one). */
  total: number;
  page: number;
  page_size: number;
  counts: {
    total_users: number;
    admin_users: number;
    /** Members without the admin role. */
    regular_users: number;
  };
};

/** PATCH /api/admin/users/:id/plan */
export type AdminPlanChangeDto = {
  id: string;
  pricing_plan: string;
};

/** POST /api/admin/users/:id/credits */
export type AdminCreditsChangeDto = {
  id: string;
  credits: number;
  /** The balance before; equal to credits when a removal found none left. */
  previous_credits: number;
};

/** One row of the audit log (GET /api/admin/audit-log), newest first. */
export type AuditEntryDto = {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  target_user_id: string | null;
  target_name: string | null;
  details: Record<string, unknown>;
  created_at: string;
};

export type AuditLogPageDto = PagedDto<AuditEntryDto>;

/** One entry of the overview's Recent Activity (docs/product.md#admin-back-office). */
export type AdminActivityItemDto = {
  id: string;
  type: 'signup' | 'reflection' | 'message';
  user_name: string;
  content: string;
  created_at: string;
  link_path: '/admin/users' | '/admin/messages';
};

export type DailyCountDto = {
  /** yyyy-MM-dd, UTC */
  date: string;
  count: number;
};

/** GET /api/admin/overview (docs/product.md#admin-back-office). */
export type AdminOverviewDto = {
  total_users: number;
  reflections: number;
  unread_messages: number;
  /** Profiles updated in the last 7 days. */
  active_users: number;
  /** Profiles created in the last 7 days. */
  new_signups: number;
  recent_activity: AdminActivityItemDto[];
  /** ACTIVITY_WINDOW_DAYS entries, oldest first, ending today. */
  signups_per_day: DailyCountDto[];
  member_messages_per_day: DailyCountDto[];
};

/** One page of a long admin list: the rows, how many there are in all, and where this page is. */
export type PagedDto<T> = {
  items: T[];
  total: number;
  /** 1-based. */
  page: number;
  page_size: number;
};

/** GET/POST/PATCH /api/admin/prompts: a prompt with its focus area and what members did with it. */
export type AdminStrategicPromptDto = {
  id: string;
  title: string;
  prompt_text: string;
  focus_area_id: string | null;
  focus_area_label: string | null;
  is_active: boolean;
  sort_order: number;
  /** Rounded to one decimal; null before the first rating. */
  average_rating: number | null;
  total_ratings: number;
  reflection_count: number;
  created_at: string;
  updated_at: string;
};

/** DELETE /api/admin/prompts/:id: what went with the prompt (decision 026). */
export type DeletedPromptDto = {
  id: string;
  /** Reflections written on it: kept, no longer linked to a prompt. */
  reflections_kept: number;
  /** Ratings of it: deleted with it. */
  ratings_deleted: number;
};

/** A tracking method with how many members chose it. */
export type TrackingMethodCountDto = {
  method: string;
  count: number;
  /** Of all submissions, whole percent. */
  percentage: number;
};

/** A member's tracker feedback with the member's name, for the admin. */
export type AdminTrackerFeedbackDto = TrackerFeedbackDto & {
  user_name: string | null;
};

/** GET /api/admin/tracker-feedback (admin-and-marketing §2 "Admin Tracker Feedback"). */
export type AdminTrackerFeedbackOverviewDto = {
  total_submissions: number;
  /** Submissions with non-blank additional thoughts. */
  comment_count: number;
  /** First word of the most chosen method, or 'N/A'. */
  most_popular: string;
  /** Methods chosen at least once, most chosen first. */
  methods: TrackingMethodCountDto[];
  /** The submissions with a comment, newest first, one page of them. */
  comments: PagedDto<AdminTrackerFeedbackDto>;
};

/** One exit-intent survey answer as an admin reads it. */
export type AdminExitSurveyDto = {
  id: string;
  created_at: string;
  name: string;
  email: string;
  willingness_to_pay: 'yes' | 'maybe' | 'no';
  chat_preference: 'yes' | 'no' | null;
  reason: string | null;
};

/** GET /api/admin/exit-surveys: the four counts over every answer, and one page of answers. */
export type AdminExitSurveysDto = PagedDto<AdminExitSurveyDto> & {
  would_pay: number;
  maybe: number;
  not_interested: number;
};

/** GET /api/admin/reflections: a member's reflection with who wrote it and on which prompt. */
export type AdminReflectionDto = {
  id: string;
  created_at: string;
  reflection_text: string;
  user_id: string;
  user_name: string | null;
  strategic_prompt_id: string | null;
  strategic_prompt_title: string | null;
};

/** GET /api/me/account: the sign-in facts the profile's "Your account" card shows. */
export type AccountStatusDto = {
  email: string;
  email_verified: boolean;
  /** An address change mailed and not confirmed yet (the link still works), else null. */
  pending_email: string | null;
  /** False for a member who signs in with Google only: no password to change or to confirm with. */
  has_password: boolean;
  created_at: string;
};

/**
 * GET /api/me/export: everything the product holds about the member, as a JSON
 * file (the right of access and portability, docs/product.md#profile). Each
 * list holds only rows of this member; `chat_messages` those they sent or received.
 */
export type AccountExportDto = {
  exported_at: string;
  account: { id: string; name: string; email: string; email_verified: boolean; created_at: string };
  profile: {
    full_name: string | null;
    email: string | null;
    focus_area: string | null;
    coaching_tone: string | null;
    credits: number;
    pricing_plan: string;
    trial_conversations_used: number;
    trial_conversation_started_at: string | null;
    is_active: boolean;
    created_at: string;
    updated_at: string;
  } | null;
  roles: Role[];
  sign_in_methods: { provider: string; created_at: string }[];
  reflections: { id: string; prompt_title: string | null; reflection_text: string; created_at: string }[];
  prompt_ratings: { prompt_title: string; rating: number; created_at: string; updated_at: string }[];
  tracker_feedback: Omit<TrackerFeedbackDto, 'user_id'> | null;
  chat_messages: {
    id: string;
    direction: 'sent' | 'received';
    message: string;
    is_admin_message: boolean;
    read_at: string | null;
    created_at: string;
  }[];
  subscription: {
    provider: string;
    plan_key: string;
    billing_period: string | null;
    status: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    created_at: string;
    updated_at: string;
  } | null;
  /** Checkouts started with the local TEST MODE provider; empty with Stripe (Stripe holds its own record). */
  checkouts: { plan_key: string; billing_period: string; created_at: string; paid_at: string | null }[];
  beta_place_taken_at: string | null;
  /** Exit-intent answers given with the account's address. */
  exit_surveys: {
    name: string;
    email: string;
    willingness_to_pay: string;
    reason: string | null;
    chat_preference: string | null;
    source: string;
    created_at: string;
  }[];
  /** Changes to the account recorded in the audit log (by an admin or by the product). */
  audit_entries: { action: string; by_self: boolean; details: Record<string, unknown>; created_at: string }[];
};
