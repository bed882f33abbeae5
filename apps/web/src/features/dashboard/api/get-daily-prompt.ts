import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StrategicPromptDto } from '@app/shared';
import { api } from '@/lib/api';

/** Today's strategic prompt for a focus area (FOUNDING-DESIGN §4); public, so the demo uses it too. */
export async function getDailyPrompt(focusAreaId: string | null): Promise<StrategicPromptDto | null> {
  const query = focusAreaId ? `?focus_area_id=${encodeURIComponent(focusAreaId)}` : '';
  const data = await api.get<{ prompt: StrategicPromptDto | null }>(`/api/catalog/daily-prompt${query}`);
  return data.prompt;
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
