import type { AdminUserListDto, ChatMessageDto, ConversationCustomerDto, LinkWhatsAppContactBody } from '@app/shared';
import { api, plainApi, read } from '@/lib/api';

/**
 * The inbox's WhatsApp calls (decision 056). The bridge's routes are called
 * through `plainApi` until they are in the typed client's AppType.
 */

const conversationPath = (conversationId: string) =>
  `/api/admin/conversations/${encodeURIComponent(conversationId)}` as const;

/** POST …/messages/:messageId/retry: sends a failed reply again; answers the message, pending once more. */
export function retryMessage(conversationId: string, messageId: string): Promise<ChatMessageDto> {
  return plainApi.post<ChatMessageDto>(
    `${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}/retry`,
  );
}

/** POST …/typing: shows "typing…" on the person's WhatsApp while a reply is written (the server throttles too). */
export async function sendTyping(conversationId: string): Promise<void> {
  await plainApi.post<unknown>(`${conversationPath(conversationId)}/typing`);
}

/**
 * POST …/whatsapp-link: links the conversation's contact (linked to nobody)
 * to a member; answers the member's conversation, where its messages now are.
 */
export function linkContactToMember(conversationId: string, memberId: string): Promise<ConversationCustomerDto> {
  const body: LinkWhatsAppContactBody = { member_id: memberId };
  return plainApi.post<ConversationCustomerDto>(`${conversationPath(conversationId)}/whatsapp-link`, body);
}

/** How many members a search offers; a longer search narrows it. */
const MEMBER_MATCHES = 8;

/** Members matching a name or email (the admin users list, first page). */
export function searchMembers(q: string): Promise<AdminUserListDto> {
  return read(api.admin.users.$get({ query: { q, page: '1', page_size: String(MEMBER_MATCHES) } }));
}
