import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import type { CoachMode, CoachSettingsDto, UpdateCoachSettingsBody } from '@app/shared';
import { read } from '@/lib/api';

const SETTINGS_PATH = '/api/admin/coach/settings';
const coachSettingsKey = ['admin', 'coach', 'settings'] as const;

/**
 * GET/PUT /api/admin/coach/settings. The route is not in the server's AppType
 * on this branch yet, so the typed client cannot reach it: this small wrapper
 * calls it by path with the shared contract's types and reads the answer the
 * way every typed call does (`read`). Once the route is in AppType it becomes
 * `read(api.admin.coach.settings.$get())`.
 */
function settingsCall(method: 'GET' | 'PUT', body?: UpdateCoachSettingsBody): Promise<CoachSettingsDto> {
  const call = fetch(SETTINGS_PATH, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(body && { 'Content-Type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  // read() only needs the Response's status and text; the type names what the route answers.
  return read(call as unknown as Promise<ClientResponse<CoachSettingsDto, 200, 'json'>>);
}

/** The AI coach's global setting and what the server is configured with. */
export function useCoachSettings() {
  return useQuery({ queryKey: coachSettingsKey, queryFn: () => settingsCall('GET') });
}

/** Sets the global mode (`off` is the kill switch); the answer replaces the cached settings. */
export function useSetCoachMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: CoachMode) => settingsCall('PUT', { mode }),
    onSuccess: (settings) => queryClient.setQueryData(coachSettingsKey, settings),
  });
}
