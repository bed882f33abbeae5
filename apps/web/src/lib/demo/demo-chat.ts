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
 * The demo visitor's conversation with the coach, kept in memory only: what the
 * visitor writes stays on this page and is gone on reload. The demo's coach is
 * the scripted coach the server falls back on (`scriptedReply`), answering in the
 * browser, labelled as the AI coach. It pages and refuses the way the server does.
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

/** One message of the demo's conversation, as the server would store it. */
function demoMessage(fields: Pick<ChatMessageDto, 'message' | 'author' | 'client_id' | 'origin'>): ChatMessageDto {
  counter += 1;
  const team = fields.author !== 'member';
  return {
    id: `demo-message-${counter}`,
    conversation_id: DEMO_CONVERSATION_ID,
    member_id: DEMO_USER_ID,
    created_at: new Date().toISOString(),
    channel: 'web',
    type: 'text',
    status: 'sent',
    is_admin_message: team,
    sender_left: false,
    author_name: null,
    author_id: null,
    read_at: null,
    media: null,
    reaction: null,
    failure_reason: null,
    programme: null,
    ...fields,
  };
}

/**
 * POST /api/me/messages in the demo. The first message starts the demo's one
 * trial conversation (`startConversation` spends it, continues it within its
 * day, or throws as the server does once it is over). The coach's answer
 * (`reply`) is stored after the message, where a read of what came after the
 * saved message finds it, as a live reply would arrive.
 */
export function sendDemoChatMessage(
  text: string,
  clientId: string,
  startConversation: () => void,
  reply: (text: string) => string,
): ChatMessageDto {
  const message = text.trim();
  if (!message || text.length > CHAT_MESSAGE_MAX_LENGTH) {
    throw new ApiError(400, 'Invalid message', undefined, undefined, {});
  }
  if (messages.length === 0) startConversation();
  const saved = demoMessage({ message: text, author: 'member', client_id: clientId, origin: null });
  const answer = demoMessage({ message: reply(message), author: 'automation', client_id: null, origin: 'scripted' });
  messages = [...messages, saved, answer];
  return saved;
}

/** The coach's answers count as read once shown: nobody on the team side waits for a read marker. */
export function markDemoChatRead() {
  return { marked: 0 };
}

export function demoTrialExpired(): ApiError {
  return new ApiError(409, "You've used your free trial conversation.", undefined, TRIAL_EXPIRED_CODE, {});
}
