import type { AutomationState, MessageDeliveryStatus } from '../realtime/events';
import type { AutomationOrigin, ConversationCoachDto } from '../coach/coach-contract';
import type { ConversationWhatsAppDto } from '../whatsapp/whatsapp-contract';
import type { ProgrammeMessageRef } from '../programme/programme-contract';

/**
 * Coach messaging: the chat's limits and its HTTP shapes
 * (docs/product.md#messages); its realtime frames are ../realtime/frames.ts.
 * The server and the web app both read this file, so a change here is a
 * change of contract.
 *
 * A conversation is one person's thread with the coaching team, named by its
 * own id (decision 052): a member's, or a contact's on another channel who is
 * no member yet. Its messages are written by the person (author `member`), the
 * coaches, automations or the system.
 */

/** Messages per page of a conversation (docs/product.md#messages). */
export const CHAT_PAGE_SIZE = 30;
/** Older messages load when the list is scrolled within this many pixels of its top. */
export const CHAT_LOAD_MORE_THRESHOLD_PX = 100;
/** Longest message a member or an admin may send, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Messages one member may send per minute; the 21st in a minute answers 429. */
export const CHAT_MEMBER_SENDS_PER_MINUTE = 20;
/** The unread badge shows this number and a '+' above it ('99+'). */
export const UNREAD_BADGE_CAP = 99;
/** The optimistic entry of a sent message is cleaned up after this delay. */
export const OPTIMISTIC_CLEANUP_MS = 100;
/** Conversations per page of the admin inbox's list. */
export const CONVERSATION_LIST_PAGE_SIZE = 50;
/** At most this many messages answer one catch-up read (`after=`); the client asks again when `has_more`. */
export const CHAT_CATCH_UP_LIMIT = 100;

/** Tier badge from credits on the messages screen (docs/product.md#admin-back-office). */
export type CreditTier = 'Premium' | 'Pro' | 'Basic';
export function tierFromCredits(credits: number): CreditTier {
  if (credits >= 50) return 'Premium';
  if (credits >= 20) return 'Pro';
  return 'Basic';
}

/** '99+' above the cap, the number otherwise. */
export function unreadBadgeText(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** Who wrote a message: the conversation's person, a coach, an automation, the system. */
export const MESSAGE_AUTHOR_KINDS = ['member', 'coach', 'automation', 'system'] as const;
export type MessageAuthorKind = (typeof MESSAGE_AUTHOR_KINDS)[number];
/** Where a message was written or is delivered. */
export const MESSAGE_CHANNELS = ['web', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_TYPES = ['text', 'audio', 'image', 'other'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** Whether a message's attachment is kept by us yet: fetched from the channel after the message is stored. */
export const MEDIA_STATUSES = ['pending', 'stored', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * What a message beyond text carries (chat_messages.media): its attachment,
 * kept by us as a media file (decision 056), or, for a kind of message we do
 * not show, the channel's name for it.
 */
export type MessageMedia = {
  /** Our media file (media_files.id); absent for a message with nothing to fetch. */
  file_id?: string;
  status?: MediaStatus;
  mime_type?: string;
  caption?: string;
  /** A voice note recorded in WhatsApp (rather than an audio file sent). */
  voice?: boolean;
  /** The channel's own type, for a message shown as unsupported (`location`, `sticker`, …). */
  provider_type?: string;
};

/** A message's attachment as a client sees it: played or shown from our server only, with authorization. */
export type MessageMediaDto = {
  /** `/api/media/<file id>` once stored; null while it is fetched or when it could not be. */
  url: string | null;
  status: MediaStatus;
  mime_type: string | null;
  caption: string | null;
  voice: boolean;
  /** Set for a message shown as unsupported. */
  provider_type: string | null;
};

/** A client-made message id: short and URL-safe. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** One message of a conversation. */
export type ChatMessageDto = {
  id: string;
  conversation_id: string;
  /** The conversation's member; null for a contact who is no member yet. */
  member_id: string | null;
  message: string;
  created_at: string;
  author: MessageAuthorKind;
  channel: MessageChannel;
  type: MessageType;
  /** How far its delivery got; a web message is `sent` once stored, `read` once the other side read it. */
  status: MessageDeliveryStatus;
  /** The id the sending client made, echoed back; null when it gave none. */
  client_id: string | null;
  /** Written by the team's side (a coach, an automation, the system): `author` is not `member`. */
  is_admin_message: boolean;
  /**
   * A coach's reply whose writer has since left (deleted their account): it
   * stays in the conversation and is shown as from the coaching team.
   */
  sender_left: boolean;
  /**
   * Who of the team wrote a coach's reply (decision 061): to admins the coach's
   * full name, to the member the coach's first name (`coachFirstName`); null
   * for every other author, for a coach who left and for a coach with no name.
   */
  author_name: string | null;
  /** The coach who wrote a coach's reply, for the team only (the inbox says "You" for one's own); null to the member. */
  author_id: string | null;
  /** null while unread by the other side. */
  read_at: string | null;
  /** Its attachment (a voice note, an image), or what an unsupported message was; null for text. */
  media: MessageMediaDto | null;
  /** The person's reaction to this message on their channel (an emoji); null when none or removed. */
  reaction: string | null;
  /** Why its delivery failed (status `failed`), as the channel said it; null otherwise. */
  failure_reason: string | null;
  /**
   * For an automation message, where its text came from (decision 057): the
   * language model, the scripted coach, the fixed safety texts, or an outside
   * automation. Every one is shown labelled as the AI coach. Null otherwise.
   */
  origin: AutomationOrigin | null;
  /** A programme message (check-in, step, weekly summary; decision 058): what it is about. Null otherwise. */
  programme: ProgrammeMessageRef | null;
};

/**
 * GET /api/me/messages and GET /api/admin/conversations/:conversationId/messages.
 * Query: `before=<message id>` for the page older than that message, or
 * `after=<message id>` for what came after it (catch-up after a reconnect);
 * neither for the newest page. Messages are oldest first (display order).
 */
export type ChatPageDto = {
  conversation_id: string;
  messages: ChatMessageDto[];
  /** With `before` or no cursor: older messages exist. With `after`: newer ones remain to fetch. */
  has_more: boolean;
};

/**
 * POST /api/me/messages and POST /api/admin/conversations/:conversationId/messages: body. Answers 201
 * ChatMessageDto; 200 with the stored message when `client_id` was already used in this conversation.
 */
export type SendChatMessageBody = { message: string; client_id?: string };

/** POST …/read: how many messages were marked read. */
export type MarkedReadDto = { marked: number };

/** One row of the admin inbox's list, computed in SQL. */
export type ConversationSummaryDto = {
  conversation_id: string;
  /** The member; null for a contact who is no member yet. */
  customer_id: string | null;
  /** 'Unknown User' when the member has no name; a contact's label, or 'Unknown contact'. */
  customer_name: string;
  /** null for a contact. */
  customer_credits: number | null;
  /** The plan the member holds (decision 065: the one answer that decides access); null for a contact. */
  customer_plan: string | null;
  unread_count: number;
  last_message: string;
  last_message_at: string;
  is_last_message_from_admin: boolean;
  /** Who wrote the latest message: the preview says "You:" or the coach's first name for a coach, "AI coach:" for the AI, nothing for a note. */
  last_message_author: MessageAuthorKind;
  /** The coach who wrote the latest message, when a coach did: the preview says "You:" only for the viewer's own. */
  last_message_coach: CoachRefDto | null;
  /** Who answers it (decision 057); `crisis` lists it first, flagged urgent. */
  coach_state: AutomationState;
  /** Since when it needs a person urgently; null when it does not. */
  urgent_since: string | null;
  /** The coach it is assigned to (decision 061); null while unassigned. */
  assignee: CoachRefDto | null;
  /** Since when the person has waited for an answer (their first message since the team's last reply); null when nobody waits. */
  waiting_since: string | null;
};

/** A coach of the team: an admin, as the inbox names them. */
export type CoachRefDto = { id: string; name: string };

/** GET /api/admin/conversations/coaches: who a conversation may be assigned to (every admin), by name. */
export type CoachListDto = { coaches: CoachRefDto[] };

/**
 * Which conversations the inbox lists (decision 061): those assigned to the
 * viewer, those assigned to nobody, or all.
 */
export const CONVERSATION_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];
/**
 * The inbox's order: unread first (the spec's), or the person who has waited
 * longest for an answer first. A conversation in crisis comes first in both.
 */
export const CONVERSATION_SORTS = ['unread', 'waiting'] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

/** PUT /api/admin/conversations/:conversationId/assignee: body; answers the pane's header (ConversationCustomerDto). */
export type AssignConversationBody = { coach_id: string | null };

/** What a member is shown of the coach who wrote: the first word of their name (decision 061). */
export function coachFirstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * GET /api/admin/conversations?search=&page=&filter=&sort= : one page of the
 * list, ordered by unread count (highest first) then latest message, or by the
 * longest wait (`sort=waiting`), and the counters.
 */
export type ConversationListDto = {
  items: ConversationSummaryDto[];
  /** Conversations matching the search, over all pages. */
  total: number;
  /** 1-based. */
  page: number;
  page_size: number;
  /** The screen's counters (docs/product.md#messages), over every conversation (not the search). */
  total_customers: number;
  unread_messages: number;
  /** Customers with at least one unread message. */
  active_conversations: number;
};

/**
 * GET /api/admin/conversations/:conversationId (404 'Conversation not found') and
 * GET /api/admin/members/:memberId/conversation (opens it when needed; 404 'Customer not found'
 * when there is no such member): the pane's header.
 */
export type ConversationCustomerDto = {
  conversation_id: string;
  customer_id: string | null;
  customer_name: string;
  customer_credits: number | null;
  /** The plan the member holds (decision 065); null for a contact. */
  customer_plan: string | null;
  /** The WhatsApp contact writing in it and the reply window; null when none (decision 056). */
  whatsapp: ConversationWhatsAppDto | null;
  /** Who answers it, its risk and the AI's waiting draft (decision 057). */
  coach: ConversationCoachDto;
  /** The coach it is assigned to (decision 061); null while unassigned. */
  assignee: CoachRefDto | null;
};
