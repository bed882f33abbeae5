import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The entitlement's query key; this module owns it (starting a conversation refreshes it). */
export const conversationAccessQueryKey = (userId: string | undefined) =>
  ['me', userId, 'conversation-access'] as const;

/** GET /api/me/trial-use: what the member's plan lets them do now (decision 023). */
export const conversationAccessQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: conversationAccessQueryKey(member?.userId),
    queryFn: () => requireMember(member).api.getConversationAccess(),
    enabled: Boolean(member),
  });

export function useConversationAccess() {
  return useQuery(conversationAccessQueryOptions(useMember()));
}
