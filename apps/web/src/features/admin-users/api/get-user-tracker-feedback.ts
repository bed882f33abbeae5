import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrackerFeedbackDto } from '@app/shared';
import { api, read } from '@/lib/api';

export function getUserTrackerFeedback(userId: string): Promise<TrackerFeedbackDto | null> {
  return read(api.admin.users[':id']['tracker-feedback'].$get({ param: { id: encodeURIComponent(userId) } }));
}

/**
 * One member's tracker feedback, or null. A failure is only logged and reads
 * as none (docs/product.md#admin-back-office), so the dialog shows its empty text.
 */
export const userTrackerFeedbackQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'tracker-feedback'],
    queryFn: async () => {
      try {
        return await getUserTrackerFeedback(userId);
      } catch (error) {
        console.error('Failed to fetch tracker feedback', error);
        return null;
      }
    },
  });

export function useUserTrackerFeedback(userId: string, enabled: boolean) {
  return useQuery({ ...userTrackerFeedbackQueryOptions(userId), enabled });
}
