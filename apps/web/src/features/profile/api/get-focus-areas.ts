import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FocusAreaDto } from '@app/shared';
import { api } from '@/lib/api';

/** Active focus areas in sort order (user-app §7); public, so the demo uses it too. */
export async function getFocusAreas(): Promise<FocusAreaDto[]> {
  const data = await api.get<{ focusAreas: FocusAreaDto[] }>('/api/catalog/focus-areas');
  return data.focusAreas;
}

export const focusAreasQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'focus-areas'], queryFn: getFocusAreas, staleTime: 10 * 60_000 });

export function useFocusAreas() {
  return useQuery(focusAreasQueryOptions());
}
