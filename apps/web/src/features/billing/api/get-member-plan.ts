import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { subscriptionQueryKey } from './get-subscription';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The member plan's query key; this module owns it. */
export const memberPlanQueryKey = (userId: string | undefined) => ['me', userId, 'plan'] as const;

/**
 * GET /api/me/plan (decision 065): the plan the member holds, computed once on the server,
 * the one every screen names (badges, the profile's plan card, the dashboard).
 */
const memberPlanQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: memberPlanQueryKey(member?.userId),
    queryFn: () => requireMember(member).api.getPlan(),
    enabled: Boolean(member),
  });

export function useMemberPlan() {
  return useQuery(memberPlanQueryOptions(useMember()));
}

/** After anything that may change the plan (a plan saved, a subscription checked again). */
export function useRefreshMemberPlan() {
  const queryClient = useQueryClient();
  const member = useMember();
  return () => queryClient.invalidateQueries({ queryKey: memberPlanQueryKey(member?.userId) });
}

/**
 * Reads the subscription and the plan again together: a payment, a cancellation or a
 * resumption changes both, and the screens must never show one without the other.
 */
export function invalidateSubscriptionAndPlan(queryClient: QueryClient, userId: string | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: memberPlanQueryKey(userId) }),
  ]);
}
