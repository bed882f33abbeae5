import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackerFeedbackDto, TrackerFeedbackInput } from '@app/shared';
import { api, read } from '@/lib/api';
import { DEMO_USER_ID, readDemoTrackerFeedback, writeDemoTrackerFeedback } from '@/lib/demo/demo-store';

export function getTrackerFeedback(): Promise<TrackerFeedbackDto | null> {
  return read(api.me['tracker-feedback'].$get());
}

export function saveTrackerFeedback(input: TrackerFeedbackInput): Promise<TrackerFeedbackDto> {
  return read(api.me['tracker-feedback'].$put({ json: input }));
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
