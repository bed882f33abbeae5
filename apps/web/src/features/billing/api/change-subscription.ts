import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeInput, SubscriptionChangePreviewInput } from '@app/shared';
import { api, read } from '@/lib/api';
import { useMember } from '@/lib/member-api/member-api';
import { invalidateSubscriptionAndPlan } from './get-member-plan';
import { localPortalQueryKey } from './get-local-portal';

/** POST /api/me/subscription/cancel (cancel-subscription): at the end of the paid period. */
export const cancelSubscription = () => read(api.me.subscription.cancel.$post());

/** POST /api/me/subscription/update/preview: what another tier or period costs today; nothing changes. */
export const previewSubscriptionChange = (input: SubscriptionChangePreviewInput) =>
  read(api.me.subscription.update.preview.$post({ json: input }));

/** POST /api/me/subscription/update (update-subscription): the previewed change, confirmed with its preview. */
export const updateSubscription = (input: SubscriptionChangeInput) =>
  read(api.me.subscription.update.$post({ json: input }));

/** POST /api/local-payments/portal/resume: the local portal's undo of a cancellation. */
export const resumeLocalSubscription = () => read(api['local-payments'].portal.resume.$post());

/** A change made in the portal: afterwards the portal and the member's status are read again. */
function useSubscriptionChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const userId = useMember()?.userId;
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: localPortalQueryKey(userId) }),
        invalidateSubscriptionAndPlan(queryClient, userId),
      ]),
  });
}

/** A preview reads only: nothing to refresh afterwards. */
export const usePreviewSubscriptionChange = () => useMutation({ mutationFn: previewSubscriptionChange });
export const useCancelSubscription = () => useSubscriptionChange(() => cancelSubscription());
export const useUpdateSubscription = () => useSubscriptionChange(updateSubscription);
export const useResumeSubscription = () => useSubscriptionChange(() => resumeLocalSubscription());
