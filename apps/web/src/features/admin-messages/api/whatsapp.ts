import type { AdminUserListDto, ChatMessageDto, ConversationCustomerDto, LinkWhatsAppContactBody } from '@app/shared';
import { api, read } from '@/lib/api';

/** The inbox's WhatsApp calls (decision 056). */

const conversation = api.admin.conversations[':conversationId'];

/** POST …/messages/:messageId/retry: sends a failed reply again; answers the message, pending once more. */
export function retryMessage(conversationId: string, messageId: string): Promise<ChatMessageDto> {
  const answer: Promise<ChatMessageDto> = read(
    conversation.messages[':messageId'].retry.$post({ param: { conversationId, messageId } }),
  );
  return answer;
}

/** POST …/typing: shows "typing…" on the person's WhatsApp while a reply is written (the server throttles too). */
export async function sendTyping(conversationId: string): Promise<void> {
  await read(conversation.typing.$post({ param: { conversationId } }));
}

/**
 * POST …/whatsapp-link: links the conversation's contact (linked to nobody)
 * to a member; answers the member's conversation, where its messages now are.
 */
export function linkContactToMember(conversationId: string, memberId: string): Promise<ConversationCustomerDto> {
  const body: LinkWhatsAppContactBody = { member_id: memberId };
  const answer: Promise<ConversationCustomerDto> = read(
    conversation['whatsapp-link'].$post({ param: { conversationId }, json: body }),
  );
  return answer;
}

/** How many members a search offers; a longer search narrows it. */
const MEMBER_MATCHES = 8;

/** Members matching a name or email (the admin users list, first page). */
export function searchMembers(q: string): Promise<AdminUserListDto> {
  return read(api.admin.users.$get({ query: { q, page: '1', page_size: String(MEMBER_MATCHES) } }));
}
