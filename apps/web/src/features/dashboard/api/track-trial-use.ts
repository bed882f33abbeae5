import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRIAL_EXPIRED_CODE, type ConversationAccessDto } from '@app/shared';
import { api, ApiError, read } from '@/lib/api';
import { DEMO_USER_ID, spendDemoTrialConversation } from '@/lib/demo/demo-store';

export const trackTrialUse = (): Promise<ConversationAccessDto> => read(api.me['trial-use'].$post());

/** The same refusal the server sends, so the screen handles the demo and an account alike. */
function demoTrialUse(): ConversationAccessDto {
  const outcome = spendDemoTrialConversation();
  if (!outcome.ok) {
    throw new ApiError(409, "You've used your free trial conversation.", undefined, TRIAL_EXPIRED_CODE, {});
  }
  return outcome.result;
}

export function isTrialExpired(error: unknown): boolean {
  return error instanceof ApiError && (error.code === TRIAL_EXPIRED_CODE || error.status === 409);
}

/** POST /api/me/trial-use: counts a coach conversation against the free trial (FOUNDING-DESIGN §4). */
export function useTrackTrialUse(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => (userId === DEMO_USER_ID ? Promise.resolve().then(demoTrialUse) : trackTrialUse()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me', userId, 'profile'] }),
  });
}
