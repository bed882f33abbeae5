import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackerFeedbackDto, TrackerFeedbackInput } from '@app/shared';
import { api } from '@/lib/api';
import { DEMO_USER_ID, readDemoTrackerFeedback, writeDemoTrackerFeedback } from '@/lib/demo/demo-store';

export async function getTrackerFeedback(): Promise<TrackerFeedbackDto | null> {
  const data = await api.get<{ feedback: TrackerFeedbackDto | null }>('/api/me/tracker-feedback');
  return data.feedback;
}

export async function saveTrackerFeedback(input: TrackerFeedbackInput): Promise<TrackerFeedbackDto> {
  const data = await api.put<{ feedback: TrackerFeedbackDto }>('/api/me/tracker-feedback', input);
  return data.feedback;
}

/** The member's one tracker-feedback answer, or null before the first one (FOUNDING-DESIGN §4). */
export const trackerFeedbackQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'tracker-feedback'],
    queryFn: () => (userId === DEMO_USER_ID ? Promise.resolve(readDemoTrackerFeedback()) : getTrackerFeedback()),
    enabled: Boolean(userId),
  });

export function useTrackerFeedback(userId: string | undefined) {
  return useQuery(trackerFeedbackQueryOptions(userId));
}

export function useSaveTrackerFeedback(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrackerFeedbackInput) =>
      userId === DEMO_USER_ID ? Promise.resolve(writeDemoTrackerFeedback(input)) : saveTrackerFeedback(input),
    onSuccess: (feedback) => queryClient.setQueryData(trackerFeedbackQueryOptions(userId).queryKey, feedback),
  });
}
