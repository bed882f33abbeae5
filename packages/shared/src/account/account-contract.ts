import type { Role } from '../auth/roles';
import type { TrackerFeedbackDto } from '../tracker-feedback/tracker-feedback-contract';

/** What the API answers about the account itself: its sign-in facts, an undone address change, the export. */

/** GET /api/me/account: the sign-in facts the profile's "Your account" card shows. */
export type AccountStatusDto = {
  email: string;
  email_verified: boolean;
  /** An address change mailed and not confirmed yet (the link still works), else null. */
  pending_email: string | null;
  /** False for a member who signs in with Google only: no password to change or to confirm with. */
  has_password: boolean;
  created_at: string;
  /**
   * What stops deleting the account now, in the words DELETE /api/me/account refuses with (one rule,
   * decision 031), so the member is told before typing anything; null when nothing does.
   */
  deletion_refusal: AccountDeletionRefusal | null;
};

/** A refusal to delete the account, and what to do first: cancel the renewing subscription, or pass on the admin role. */
export type AccountDeletionRefusal = { code: 'subscription_active' | 'last_admin'; error: string };

/**
 * POST /api/email-change-undo: the previous address is back and every session
 * ended; `reset_token` opens "Set a new password" at once (decision 046).
 */
export type EmailChangeUndoneDto = {
  email: string;
  reset_token: string;
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
  /** Free access for a time (decision 065): the exit offer's 30 days, or The Space Pass the team gave. */
  plan_grants: { plan_key: string; given_by_team: boolean; starts_at: string; ends_at: string; created_at: string }[];
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
  /** The WhatsApp contact linked to the account (decision 056), as WhatsApp showed it; null when none. */
  whatsapp_contact: {
    wa_id: string | null;
    business_scoped_user_id: string | null;
    phone: string | null;
    profile_name: string | null;
    linked_by: string | null;
    linked_at: string | null;
    last_message_at: string | null;
    created_at: string;
  } | null;
  /** What the AI coach remembers about the member (decision 057): the conversation's summary and its notes. */
  coach_memory: { summary: string | null; notes: { text: string; created_at: string }[] };
  /**
   * The coaching team's notes about the member (decision 060): personal data about them, so
   * theirs to see (UK GDPR art. 15); without the author, whose identity is the team member's own.
   */
  team_notes: { text: string; created_at: string; edited_at: string | null }[];
};
