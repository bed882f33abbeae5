import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FocusAreaDto } from '@app/shared';
import { api, read } from '@/lib/api';

/** Active focus areas in sort order (user-app §7); public, so the demo uses it too. */
export function getFocusAreas(): Promise<FocusAreaDto[]> {
  return read(api.catalog['focus-areas'].$get());
}

export const focusAreasQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'focus-areas'], queryFn: getFocusAreas, staleTime: 10 * 60_000 });

export function useFocusAreas() {
  return useQuery(focusAreasQueryOptions());
}
