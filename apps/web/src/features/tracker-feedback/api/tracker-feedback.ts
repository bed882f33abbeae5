import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackerFeedbackInput } from '@app/shared';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The tracker-feedback query key; this module owns it. */
export const trackerFeedbackQueryKey = (userId: string | undefined) => ['me', userId, 'tracker-feedback'] as const;

/** The member's one tracker-feedback answer, or null before the first one (FOUNDING-DESIGN §4). */
export const trackerFeedbackQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: trackerFeedbackQueryKey(member?.userId),
    queryFn: () => requireMember(member).api.getTrackerFeedback(),
    enabled: Boolean(member),
  });

export function useTrackerFeedback() {
  return useQuery(trackerFeedbackQueryOptions(useMember()));
}

export function useSaveTrackerFeedback() {
  const queryClient = useQueryClient();
  const member = useMember();
  return useMutation({
    mutationFn: (input: TrackerFeedbackInput) => requireMember(member).api.saveTrackerFeedback(input),
    onSuccess: (feedback) => queryClient.setQueryData(trackerFeedbackQueryKey(member?.userId), feedback),
  });
}
