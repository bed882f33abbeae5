import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachingToneDto } from '@app/shared';
import { api } from '@/lib/api';

/** Active coaching tones in sort order (user-app §7); public, so the demo uses it too. */
export async function getCoachingTones(): Promise<CoachingToneDto[]> {
  const data = await api.get<{ coachingTones: CoachingToneDto[] }>('/api/catalog/coaching-tones');
  return data.coachingTones;
}

export const coachingTonesQueryOptions = () =>
  queryOptions({ queryKey: ['catalog', 'coaching-tones'], queryFn: getCoachingTones, staleTime: 10 * 60_000 });

export function useCoachingTones() {
  return useQuery(coachingTonesQueryOptions());
}
