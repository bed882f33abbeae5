import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachMode, CoachSettingsDto, UpdateCoachSettingsBody } from '@app/shared';
import { api, read } from '@/lib/api';

const coachSettingsKey = ['admin', 'coach', 'settings'] as const;

/** GET/PUT /api/admin/coach/settings. */
function settingsCall(body?: UpdateCoachSettingsBody): Promise<CoachSettingsDto> {
  return read(body ? api.admin.coach.settings.$put({ json: body }) : api.admin.coach.settings.$get());
}

/** The AI coach's global setting and what the server is configured with. */
export function useCoachSettings() {
  return useQuery({ queryKey: coachSettingsKey, queryFn: () => settingsCall() });
}

/** Sets the global mode (`off` is the kill switch); the answer replaces the cached settings. */
export function useSetCoachMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: CoachMode) => settingsCall({ mode }),
    onSuccess: (settings) => queryClient.setQueryData(coachSettingsKey, settings),
  });
}
