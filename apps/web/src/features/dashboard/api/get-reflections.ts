import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT, type ReflectionDto } from '@app/shared';
import { api } from '@/lib/api';
import { DEMO_USER_ID, recentDemoReflections } from '@/lib/demo/demo-store';

export async function getReflections(): Promise<ReflectionDto[]> {
  const data = await api.get<{ reflections: ReflectionDto[] }>('/api/me/reflections');
  return data.reflections.slice(0, LIST_LIMIT);
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
