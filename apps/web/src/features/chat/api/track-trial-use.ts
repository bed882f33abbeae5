import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRIAL_EXPIRED_CODE } from '@app/shared';
import { ApiError } from '@/lib/api';
import { requireMember, useMember } from '@/lib/member-api/member-api';
import { conversationAccessQueryKey } from './get-conversation-access';

export function isTrialExpired(error: unknown): boolean {
  return error instanceof ApiError && (error.code === TRIAL_EXPIRED_CODE || error.status === 409);
}

/**
 * POST /api/me/trial-use: counts a coach conversation against the free trial
 * (docs/product.md#connecting-to-the-coach). `onCounted` runs either way, for the profile that holds the count.
 */
export function useTrackTrialUse(onCounted?: () => unknown) {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requireMember(member).api.trackTrialUse(),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationAccessQueryKey(member?.userId) });
      return onCounted?.();
    },
  });
}
