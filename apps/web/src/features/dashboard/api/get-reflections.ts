import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT, type ReflectionDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { DEMO_USER_ID, recentDemoReflections } from '@/lib/demo/demo-store';

export function getReflections(): Promise<ReflectionDto[]> {
  return read(api.me.reflections.$get({ query: { limit: String(LIST_LIMIT) } }));
}

/** The member's latest reflections, newest first (user-app §9: 5 items). */
export const reflectionsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'reflections'],
    queryFn: () => (userId === DEMO_USER_ID ? Promise.resolve(recentDemoReflections()) : getReflections()),
    enabled: Boolean(userId),
  });

export function useReflections(userId: string | undefined) {
  return useQuery(reflectionsQueryOptions(userId));
}
