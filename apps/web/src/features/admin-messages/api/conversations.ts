import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  ChatMessageDto,
  ChatPageDto,
  CoachListDto,
  ConversationCoachDto,
  ConversationCustomerDto,
  ConversationFilter,
  ConversationListDto,
  ConversationSort,
  MarkedReadDto,
} from '@app/shared';
import { api, OUTLIVES_THE_PAGE, read } from '@/lib/api';

const byConversation = (conversationId: string) => ({
  param: { conversationId: encodeURIComponent(conversationId) },
});

/** Every key of the inbox's list starts here, so one refresh reaches every search and page. */
const conversationListKey = ['admin', 'conversations', 'list'] as const;

/** What the list shows: a search, a page, whose conversations (decision 061) and in which order. */
export type ConversationListView = { search: string; page: number; filter: ConversationFilter; sort: ConversationSort };

export const conversationListQueryOptions = ({ search, page, filter, sort }: ConversationListView) =>
  queryOptions({
    queryKey: [...conversationListKey, search, page, filter, sort],
    queryFn: (): Promise<ConversationListDto> =>
      read(api.admin.conversations.$get({ query: { search, page: String(page), filter, sort } })),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/conversations: one page of the inbox's list and its counters, computed by the server. */
export function useConversationList(view: ConversationListView) {
  return useQuery(conversationListQueryOptions(view));
}

/** GET /api/admin/conversations/coaches: the team a conversation may be assigned to. */
export function useCoaches() {
  return useQuery({
    queryKey: ['admin', 'conversations', 'coaches'],
    queryFn: (): Promise<CoachListDto> => read(api.admin.conversations.coaches.$get()),
    staleTime: 60_000,
  });
}

/** PUT …/assignee: assigns the conversation to a coach, or to nobody; the header is set from the answer. */
export function useAssignConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (coachId: string | null) => {
      const header = await read(
        api.admin.conversations[':conversationId'].assignee.$put({
          ...byConversation(conversationId),
          json: { coach_id: coachId },
        }),
      );
      queryClient.setQueryData(conversationCustomerKey(conversationId), header);
      return header;
    },
    [queryClient, conversationId],
  );
}

/** Another coach may have assigned it meanwhile (an `inbox_changed` frame): the header is read again. */
export function useRefreshConversationHeaders() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['admin', 'conversations', 'customer'] }),
    [queryClient],
  );
}

/** Refetches the list (a change announced on the inbox channel, a read, a sent reply). */
export function useRefreshConversationList() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: conversationListKey }), [queryClient]);
}

const conversationCustomerKey = (conversationId: string) => ['admin', 'conversations', 'customer', conversationId];

/** GET /api/admin/conversations/:conversationId: the pane's header; 404 when there is no such conversation. */
export function useConversationCustomer(conversationId: string) {
  return useQuery({
    queryKey: conversationCustomerKey(conversationId),
    queryFn: (): Promise<ConversationCustomerDto> =>
      read(api.admin.conversations[':conversationId'].$get(byConversation(conversationId))),
    retry: false,
  });
}

/**
 * The header's coach side changed: `coach` is the server's new answer (set in place), or, without it,
 * the header is read again (an `automation` frame, a sent reply that paused the AI).
 */
export function useUpdateConversationCoach(conversationId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (coach?: ConversationCoachDto) => {
      const key = conversationCustomerKey(conversationId);
      if (!coach) return queryClient.invalidateQueries({ queryKey: key });
      queryClient.setQueryData<ConversationCustomerDto>(key, (header) => header && { ...header, coach });
      return Promise.resolve();
    },
    [queryClient, conversationId],
  );
}

/**
 * GET /api/admin/members/:memberId/conversation: a member's conversation, opened from their id (a link
 * naming the member); the server makes it when the member has none yet. 404 when there is no such member.
 */
export function useMemberConversation(memberId: string | null) {
  return useQuery({
    queryKey: ['admin', 'conversations', 'of-member', memberId],
    queryFn: (): Promise<ConversationCustomerDto> =>
      read(api.admin.members[':memberId'].conversation.$get({ param: { memberId: encodeURIComponent(memberId!) } })),
    enabled: memberId !== null,
    retry: false,
  });
}

/** One page of a conversation: the newest, older than `before`, or newer than `after`. */
export function fetchConversationPage(
  conversationId: string,
  cursor: { before?: string; after?: string },
): Promise<ChatPageDto> {
  return read(
    api.admin.conversations[':conversationId'].messages.$get({ ...byConversation(conversationId), query: cursor }),
  );
}

/** POST …/messages: the admin's reply with the screen's own id for it, answered with the saved message. */
export function sendAdminMessage(conversationId: string, message: string, clientId: string): Promise<ChatMessageDto> {
  return read(
    // A reply on its way when the coach reloads or closes the tab still arrives: the thread showed it.
    api.admin.conversations[':conversationId'].messages.$post(
      { ...byConversation(conversationId), json: { message, client_id: clientId } },
      OUTLIVES_THE_PAGE,
    ),
  );
}

/** POST …/read: the customer's unread messages are read now (on opening the conversation). */
export function markConversationRead(conversationId: string): Promise<MarkedReadDto> {
  return read(api.admin.conversations[':conversationId'].read.$post(byConversation(conversationId)));
}
