import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoachNotificationsDto } from '@app/shared';
import { api, read } from '@/lib/api';

const coachNotificationsKey = ['admin', 'notifications'] as const;

/** GET /api/admin/notifications: what waits for this coach (the server decides which conversations). */
export function useCoachNotifications() {
  return useQuery({
    queryKey: coachNotificationsKey,
    queryFn: (): Promise<CoachNotificationsDto> => read(api.admin.notifications.$get()),
  });
}

export function useRefreshCoachNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: coachNotificationsKey });
}
