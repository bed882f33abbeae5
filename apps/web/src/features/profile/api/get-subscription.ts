import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { DEMO_USER_ID } from '@/lib/demo/demo-store';

const NOT_SUBSCRIBED: SubscriptionStatusDto = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  cancel_at_period_end: false,
  billing_period: null,
};

export const getSubscription = (): Promise<SubscriptionStatusDto> => read(api.me.subscription.$get());

/**
 * GET /api/me/subscription (user-app §7 check-subscription). A failed check is
 * only logged (user-app §8): the screen carries on as for a member without one.
 */
export const subscriptionQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'subscription'],
    queryFn: async () => {
      if (userId === DEMO_USER_ID) return NOT_SUBSCRIBED;
      try {
        return await getSubscription();
      } catch (error) {
        console.error('Subscription check failed', error);
        return NOT_SUBSCRIBED;
      }
    },
    enabled: Boolean(userId),
  });

export function useSubscription(userId: string | undefined) {
  return useQuery(subscriptionQueryOptions(userId));
}
