import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECKIN_CHART_DAYS, type CheckinInput, type MemberCheckinsDto } from '@app/shared';
import { ApiError } from '@/lib/api-request';
import { requireMember, useMember } from '@/lib/member-api/member-api';

/**
 * The member's check-ins of the last 30 days and the one waiting for an answer:
 * one query for the dashboard's chart and every check-in in the chat, so an
 * answer given in either place shows in both at once.
 */
const checkinsQueryKey = (userId: string | undefined) => ['me', userId, 'checkins', CHECKIN_CHART_DAYS] as const;

/** GET /api/me/checkins?days=30 */
export function useCheckins() {
  const member = useMember();
  return useQuery({
    queryKey: checkinsQueryKey(member?.userId),
    queryFn: (): Promise<MemberCheckinsDto> => requireMember(member).api.getCheckins(CHECKIN_CHART_DAYS),
    enabled: Boolean(member),
  });
}

/**
 * Reads the check-ins again: a chat message that is just a number may have
 * answered the waiting check-in on the server (decision 058).
 */
export function useRefreshCheckins(): () => Promise<void> {
  const member = useMember();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkinsQueryKey(member?.userId) });
}

/** Already answered (on WhatsApp, in another tab): the server refuses a second answer with 409. */
export const isAlreadyAnswered = (error: unknown) => error instanceof ApiError && error.status === 409;

/** POST /api/me/checkins: the answer joins the cached list at once, then the list is read again. */
export function useCreateCheckin() {
  const member = useMember();
  const queryClient = useQueryClient();
  const key = checkinsQueryKey(member?.userId);
  return useMutation({
    mutationFn: (input: CheckinInput) => requireMember(member).api.createCheckin(input),
    onSuccess: (checkin) =>
      queryClient.setQueryData<MemberCheckinsDto>(key, (current) =>
        current
          ? {
              checkins: [...current.checkins, checkin],
              open: current.open?.delivery_id === checkin.delivery_id ? null : current.open,
            }
          : current,
      ),
    // Answered or refused, the server knows best (a 409: it was answered elsewhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
