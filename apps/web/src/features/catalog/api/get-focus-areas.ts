import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FocusAreaDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { catalogKeys } from './catalog-keys';

/** Active focus areas in sort order (user-app §7); public, so the demo uses it too. */
export function getFocusAreas(): Promise<FocusAreaDto[]> {
  return read(api.catalog['focus-areas'].$get());
}

export const focusAreasQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.focusAreas, queryFn: getFocusAreas, staleTime: 10 * 60_000 });

export function useFocusAreas() {
  return useQuery(focusAreasQueryOptions());
}
