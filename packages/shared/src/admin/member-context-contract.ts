import type { ConversationAccessDto, MemberPlanDto } from '../billing/billing-contract';
import type { BillingPeriod } from '../billing/billing-period';
import type { CreditTier } from '../chat/chat-contract';
import type { WhatsAppContactDto } from '../whatsapp/whatsapp-contract';

/**
 * What a member holds and pays for, as the coaching team sees it (decision 060):
 * on the user card, in the users list and beside the conversation.
 */
export type MemberBillingDto = {
  /** The plan the member holds: the one answer that decides their access (decision 065). */
  plan_name: string;
  plan: MemberPlanDto;
  /** Why coaching is open to them now: the entitlement rule (decision 023). */
  access: ConversationAccessDto['basis'];
  /** The plan the member chose on their profile (a wish, not what they hold). */
  profile_plan: string;
  /** The subscription row, live or not; null when they never subscribed. */
  subscription: {
    tier: string;
    status: string;
    /** Whether it pays for coaching now: status active and the paid period not over. */
    live: boolean;
    billing_period: BillingPeriod | null;
    /** The paid period's end: the next billing date, or the last day when cancelled. */
    period_end: string | null;
    cancel_at_period_end: boolean;
  } | null;
  /** When they took a Free Beta Access place; null when they hold none. */
  beta_place_since: string | null;
  trial_conversations_used: number;
};

/** One of the coaching team's private notes on a member (decision 060). */
export type MemberNoteDto = {
  id: string;
  text: string;
  /** The admin who wrote it; null once their account is gone. */
  author_id: string | null;
  author_name: string | null;
  created_at: string;
  /** When its author last corrected it (decision 067); null while it is as first written. */
  edited_at: string | null;
  /** Whether the viewer may edit it: only its author may (any admin may delete it). */
  editable: boolean;
};

/** GET /api/admin/members/:memberId/notes: newest first. */
export type MemberNotesDto = {
  notes: MemberNoteDto[];
  /** Notes the member has in all (the list holds the newest MEMBER_NOTES_SHOWN). */
  total: number;
};

/** GET /api/admin/members/:memberId/context: what a coach wants beside a member's conversation. */
export type MemberContextDto = {
  member_id: string;
  full_name: string | null;
  email: string | null;
  joined_at: string;
  is_active: boolean;
  focus_area: { label: string; description: string | null } | null;
  coaching_tone: { title: string; description: string | null } | null;
  credits: number;
  /** The spec's badge from credits (50+ Premium, 20–49 Pro, else Basic): about credits, not about payment. */
  credit_tier: CreditTier;
  billing: MemberBillingDto;
  whatsapp: WhatsAppContactDto | null;
  /** Their newest reflections (MEMBER_CONTEXT_RECENT), the text cut to MEMBER_CONTEXT_EXCERPT characters. */
  recent_reflections: { id: string; prompt_title: string | null; excerpt: string; created_at: string }[];
  /** Their newest prompt ratings (1–5). */
  recent_ratings: { prompt_title: string; rating: number; updated_at: string }[];
  /** The newest of their own messages and reflections; null when neither exists. */
  last_active_at: string | null;
};
