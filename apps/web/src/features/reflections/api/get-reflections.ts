import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The reflections list's query key; this module owns it. */
export const reflectionsQueryKey = (userId: string | undefined) => ['me', userId, 'reflections'] as const;

/** The member's latest reflections, newest first (user-app §9: 5 items). */
export const reflectionsQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: reflectionsQueryKey(member?.userId),
    queryFn: () => requireMember(member).api.getReflections(),
    enabled: Boolean(member),
  });

export function useReflections() {
  return useQuery(reflectionsQueryOptions(useMember()));
}
