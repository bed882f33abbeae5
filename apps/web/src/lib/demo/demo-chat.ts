import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PAGE_SIZE,
  TRIAL_EXPIRED_CODE,
  type ChatMessageDto,
  type ChatPageDto,
} from '@app/shared';
import { ApiError } from '@/lib/api-request';
import { DEMO_USER_ID } from './demo-session';

/**
 * The demo visitor's conversation with the coach, kept in memory only: there
 * is no coach behind the demo, so what the visitor writes stays on this page
 * and is gone on reload. It pages and refuses the way the server does.
 */
let messages: ChatMessageDto[] = [];
let counter = 0;
/** The demo's one conversation. */
const DEMO_CONVERSATION_ID = 'demo-conversation';

function page(list: ChatMessageDto[], hasMore: boolean): ChatPageDto {
  return { conversation_id: DEMO_CONVERSATION_ID, messages: list, has_more: hasMore };
}

/** GET /api/me/messages, answered from memory. */
export function readDemoChatPage(cursor: { before?: string; after?: string }): ChatPageDto {
  if (cursor.after) {
    const from = messages.findIndex((m) => m.id === cursor.after);
    return page(from === -1 ? [] : messages.slice(from + 1), false);
  }
  const end = cursor.before ? messages.findIndex((m) => m.id === cursor.before) : messages.length;
  if (end === -1) return page([], false);
  const start = Math.max(0, end - CHAT_PAGE_SIZE);
  return page(messages.slice(start, end), start > 0);
}

/**
 * POST /api/me/messages in the demo. The first message starts the demo's one
 * trial conversation (`startConversation` spends it, or throws as the server
 * does once it is used); the messages after it continue that conversation.
 */
export function sendDemoChatMessage(text: string, clientId: string, startConversation: () => void): ChatMessageDto {
  const message = text.trim();
  if (!message || text.length > CHAT_MESSAGE_MAX_LENGTH) {
    throw new ApiError(400, 'Invalid message', undefined, undefined, {});
  }
  if (messages.length === 0) startConversation();
  counter += 1;
  const saved: ChatMessageDto = {
    id: `demo-message-${counter}`,
    conversation_id: DEMO_CONVERSATION_ID,
    member_id: DEMO_USER_ID,
    message: text,
    created_at: new Date().toISOString(),
    author: 'member',
    channel: 'web',
    type: 'text',
    status: 'sent',
    client_id: clientId,
    is_admin_message: false,
    sender_left: false,
    author_name: null,
    author_id: null,
    read_at: null,
    media: null,
    reaction: null,
    failure_reason: null,
    origin: null,
    programme: null,
  };
  messages = [...messages, saved];
  return saved;
}

/** The demo has no coach, so nothing of theirs is ever unread. */
export function markDemoChatRead() {
  return { marked: 0 };
}

export function demoTrialExpired(): ApiError {
  return new ApiError(409, "You've used your free trial conversation.", undefined, TRIAL_EXPIRED_CODE, {});
}
