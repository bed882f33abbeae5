import type { AutomationState } from '../realtime/events';
import type { RiskCategory, RiskLevel } from './risk';

/**
 * The AI coach (decision 057): what the server and the web app agree on.
 *
 * Every member message is screened for risk before any AI reply, whatever the
 * settings say; the settings decide only whether and how the AI answers.
 */

/**
 * The global setting: `off` (nobody is answered by the AI; screening and the
 * crisis net still run), `drafts` (the AI writes drafts a coach sends, edits
 * or discards), `automatic` (the AI answers). Turning it `off` is the kill
 * switch: it stops every AI reply at once, including answers in flight.
 */
export const COACH_MODES = ['off', 'drafts', 'automatic'] as const;
export type CoachMode = (typeof COACH_MODES)[number];

/**
 * Who answers one conversation (chat `AUTOMATION_STATES`, decision 057):
 * `on` the AI (per the global mode), `paused` by a coach (a coach's reply
 * pauses it), `handed_to_human` (the member asked for a person, or the AI
 * could not help), `crisis` (fixed help sent, a human alerted; only a coach
 * returns it to `on`).
 */

/** Where an automation message came from, for the label and the audit. */
export const AUTOMATION_ORIGINS = ['model', 'scripted', 'safety', 'external'] as const;
export type AutomationOrigin = (typeof AUTOMATION_ORIGINS)[number];

/** GET/PUT /api/admin/coach/settings. */
export type CoachSettingsDto = {
  mode: CoachMode;
  /** A language model is configured (otherwise the scripted coach answers). */
  model_configured: boolean;
  /** Voice notes can be transcribed (otherwise they go to a human). */
  transcription_configured: boolean;
  /** An outside automation receives member messages (COACH_AUTOMATION_URL). */
  external_automation: boolean;
  /** This month's model use against the budget, in tokens. */
  month_tokens_used: number;
  month_token_budget: number;
  updated_at: string | null;
  updated_by_name: string | null;
};
export type UpdateCoachSettingsBody = { mode: CoachMode };

/** The coach side of one conversation, shown in the admin inbox. */
export type ConversationCoachDto = {
  state: AutomationState;
  /** Set while the conversation needs a person urgently (crisis). */
  urgent_since: string | null;
  /** The highest risk seen since a coach last returned it to normal (none when none). */
  risk_level: RiskLevel;
  risk_categories: RiskCategory[];
  /** The AI's draft waiting for a coach (drafts mode), if any. */
  draft: CoachDraftDto | null;
};

export type CoachDraftDto = {
  id: string;
  text: string;
  reply_to_message_id: string | null;
  created_at: string;
};

/**
 * PUT /api/admin/conversations/:conversationId/coach: a coach sets who answers.
 * Leaving `crisis` is only done here, by a coach (one "I'm fine" never ends it).
 */
export type UpdateConversationCoachBody = { state: 'on' | 'paused' | 'handed_to_human' };

/**
 * POST /api/admin/conversations/:conversationId/coach/drafts/:draftId/send (body: optional edited text)
 * and POST …/discard.
 */
export type SendCoachDraftBody = { text?: string };

/** The member's side: who answers them now, shown beside the chat. GET /api/me/coach. */
export type MemberCoachDto = {
  /** Who answers the next message: the AI coach (seconds), or a person of the team. */
  answered_by: 'ai' | 'person';
  state: AutomationState;
};

/** What the coach remembers about the member: GET /api/me/coach/memory; DELETE forgets it all. */
export type CoachMemoryDto = {
  /** The rolling summary of the conversation the coach reads (null when none yet). */
  summary: string | null;
  /** Short notes the coach keeps (what helped, what the member is working on). */
  notes: { id: string; text: string; created_at: string }[];
  /** What else the coach reads each time, from the member's profile and reflections, named for transparency. */
  also_reads: string[];
};

/** POST /api/me/coach/human: "Talk to a person". Answers the new MemberCoachDto. */

/**
 * POST /api/automation/messages (bearer COACH_AUTOMATION_TOKEN): an outside
 * automation answers in a conversation whose automation is on. Answers 201
 * with the message, 409 when the conversation is not the automation's to
 * answer (paused, handed to a person, crisis, AI off), 422 when the text
 * fails the reply check.
 */
export type AutomationMessageBody = { conversation_id: string; text: string; in_reply_to?: string };

/** The body each member message is posted with to COACH_AUTOMATION_URL (Standard Webhooks). */
export type CoachAutomationEvent = {
  type: 'member_message';
  conversation_id: string;
  message: { id: string; text: string; type: string; channel: string; created_at: string };
  conversation: { state: AutomationState; channel: string; risk_level: RiskLevel };
  member: {
    first_name: string | null;
    focus_area: string | null;
    coaching_tone: string | null;
  } | null;
};
