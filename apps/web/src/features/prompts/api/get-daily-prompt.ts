import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StrategicPromptDto } from '@app/shared';
import { api, read } from '@/lib/api';

/** Today's strategic prompt for a focus area (FOUNDING-DESIGN §4); public, so the demo uses it too. */
export function getDailyPrompt(focusAreaId: string | null): Promise<StrategicPromptDto | null> {
  return read(api.catalog['daily-prompt'].$get({ query: focusAreaId ? { focus_area_id: focusAreaId } : {} }));
}

export const dailyPromptQueryOptions = (focusAreaId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['catalog', 'daily-prompt', focusAreaId],
    queryFn: () => getDailyPrompt(focusAreaId),
    enabled,
    staleTime: 30 * 60_000,
  });

export function useDailyPrompt(focusAreaId: string | null, enabled: boolean) {
  return useQuery(dailyPromptQueryOptions(focusAreaId, enabled));
}
