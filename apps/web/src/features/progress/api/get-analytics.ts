import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The analytics query key; this module owns it. */
export const analyticsQueryKey = (userId: string | undefined) => ['me', userId, 'analytics'] as const;

/** GET /api/me/analytics; for the demo, computed from what the visitor stored in this browser. */
export const analyticsQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: analyticsQueryKey(member?.userId),
    queryFn: () => requireMember(member).api.getAnalytics(),
    enabled: Boolean(member),
  });

export function useAnalytics() {
  return useQuery(analyticsQueryOptions(useMember()));
}

/** Marks the activity figures stale, after a new reflection for example. */
export function useRefreshAnalytics(): () => Promise<void> {
  const queryClient = useQueryClient();
  const member = useMember();
  return () => queryClient.invalidateQueries({ queryKey: analyticsQueryKey(member?.userId) });
}
