/**
 * Coach messaging: the chat's limits and its HTTP shapes
 * (docs/product.md#messages); its realtime frames are ../realtime/frames.ts.
 * The server and the web app both read this file, so a change here is a
 * change of contract.
 *
 * A conversation is one member's thread with the coaching team, named by the
 * member's user id: the member's messages (is_admin_message false, no
 * recipient) and the admins' replies to them (recipient = the member).
 */

/** Messages per page of a conversation (spec §9). */
export const CHAT_PAGE_SIZE = 30;
/** Older messages load when the list is scrolled within this many pixels of its top. */
export const CHAT_LOAD_MORE_THRESHOLD_PX = 100;
/** Longest message a member or an admin may send, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Messages one member may send per minute; the 21st in a minute answers 429. */
export const CHAT_MEMBER_SENDS_PER_MINUTE = 20;
/** The unread badge shows this number and a '+' above it ('99+'). */
export const UNREAD_BADGE_CAP = 99;
/** The optimistic entry of a sent message is cleaned up after this delay (spec §9). */
export const OPTIMISTIC_CLEANUP_MS = 100;
/** Conversations per page of the admin inbox's list. */
export const CONVERSATION_LIST_PAGE_SIZE = 50;
/** At most this many messages answer one catch-up read (`after=`); the client asks again when `has_more`. */
export const CHAT_CATCH_UP_LIMIT = 100;

/** Tier badge from credits on the messages screen (spec §9). */
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

/** One message of a conversation. */
export type ChatMessageDto = {
  id: string;
  /** The conversation: the member's user id. */
  member_id: string;
  message: string;
  created_at: string;
  is_admin_message: boolean;
  /**
   * A coach's reply whose writer has since left (deleted their account): it
   * stays in the conversation and is shown as from the coaching team.
   */
  sender_left: boolean;
  /** null while unread by the other side. */
  read_at: string | null;
};

/**
 * GET /api/me/messages and GET /api/admin/conversations/:memberId/messages.
 * Query: `before=<message id>` for the page older than that message, or
 * `after=<message id>` for what came after it (catch-up after a reconnect);
 * neither for the newest page. Messages are oldest first (display order).
 */
export type ChatPageDto = {
  messages: ChatMessageDto[];
  /** With `before` or no cursor: older messages exist. With `after`: newer ones remain to fetch. */
  has_more: boolean;
};

/** POST /api/me/messages and POST /api/admin/conversations/:memberId/messages: body. Answers 201 ChatMessageDto. */
export type SendChatMessageBody = { message: string };

/** POST …/read: how many messages were marked read. */
export type MarkedReadDto = { marked: number };

/** One row of the admin inbox's list, computed in SQL (spec §3 "conversation summary"). */
export type ConversationSummaryDto = {
  customer_id: string;
  /** 'Unknown User' when the member has no name. */
  customer_name: string;
  customer_credits: number;
  unread_count: number;
  last_message: string;
  last_message_at: string;
  is_last_message_from_admin: boolean;
};

/**
 * GET /api/admin/conversations?search=&page= : one page of the list, ordered
 * by unread count (highest first) then latest message, and the counters.
 */
export type ConversationListDto = {
  items: ConversationSummaryDto[];
  /** Conversations matching the search, over all pages. */
  total: number;
  /** 1-based. */
  page: number;
  page_size: number;
  /** Counters of spec §2, over every conversation (not the search). */
  total_customers: number;
  unread_messages: number;
  /** Customers with at least one unread message. */
  active_conversations: number;
};

/** GET /api/admin/conversations/:memberId: the pane's header. 404 'Customer not found' when there is no profile. */
export type ConversationCustomerDto = {
  customer_id: string;
  customer_name: string;
  customer_credits: number;
};
