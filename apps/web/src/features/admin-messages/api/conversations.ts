import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  ChatMessageDto,
  ChatPageDto,
  ConversationCustomerDto,
  ConversationListDto,
  MarkedReadDto,
} from '@app/shared';
import { api, read } from '@/lib/api';

const byMember = (memberId: string) => ({ param: { memberId: encodeURIComponent(memberId) } });

/** Every key of the inbox's list starts here, so one refresh reaches every search and page. */
const conversationListKey = ['admin', 'conversations', 'list'] as const;

export const conversationListQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...conversationListKey, search, page],
    queryFn: (): Promise<ConversationListDto> =>
      read(api.admin.conversations.$get({ query: { search, page: String(page) } })),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/conversations: one page of the inbox's list and its counters, computed by the server. */
export function useConversationList(search: string, page: number) {
  return useQuery(conversationListQueryOptions(search, page));
}

/** Refetches the list (a change announced on the inbox channel, a read, a sent reply). */
export function useRefreshConversationList() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: conversationListKey }), [queryClient]);
}

/** GET /api/admin/conversations/:memberId: the pane's header; 404 when there is no such customer. */
export function useConversationCustomer(memberId: string) {
  return useQuery({
    queryKey: ['admin', 'conversations', 'customer', memberId],
    queryFn: (): Promise<ConversationCustomerDto> =>
      read(api.admin.conversations[':memberId'].$get(byMember(memberId))),
    retry: false,
  });
}

/** One page of a customer's conversation: the newest, older than `before`, or newer than `after`. */
export function fetchConversationPage(
  memberId: string,
  cursor: { before?: string; after?: string },
): Promise<ChatPageDto> {
  return read(api.admin.conversations[':memberId'].messages.$get({ ...byMember(memberId), query: cursor }));
}

/** POST …/messages: the admin's reply, answered with the saved message. */
export function sendAdminMessage(memberId: string, message: string): Promise<ChatMessageDto> {
  return read(api.admin.conversations[':memberId'].messages.$post({ ...byMember(memberId), json: { message } }));
}

/** POST …/read: the customer's unread messages are read now (spec §4, on opening the conversation). */
export function markConversationRead(memberId: string): Promise<MarkedReadDto> {
  return read(api.admin.conversations[':memberId'].read.$post(byMember(memberId)));
}
