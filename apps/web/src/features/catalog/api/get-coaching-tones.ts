import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachingToneDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { catalogKeys } from './catalog-keys';

/** Active coaching tones in sort order (user-app §7); public, so the demo uses it too. */
export function getCoachingTones(): Promise<CoachingToneDto[]> {
  return read(api.catalog['coaching-tones'].$get());
}

export const coachingTonesQueryOptions = () =>
  queryOptions({ queryKey: catalogKeys.coachingTones, queryFn: getCoachingTones, staleTime: 10 * 60_000 });

export function useCoachingTones() {
  return useQuery(coachingTonesQueryOptions());
}
