import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatusDto } from '@app/shared';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

const NOT_SUBSCRIBED: SubscriptionStatusDto = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  cancel_at_period_end: false,
  billing_period: null,
};

/** The subscription's query key; this module owns it. */
export const subscriptionQueryKey = (userId: string | undefined) => ['me', userId, 'subscription'] as const;

/**
 * GET /api/me/subscription (docs/product.md#subscription). A failed check is
 * only logged (docs/product.md#limits-and-messages): the screen carries on as for a member without one.
 */
const subscriptionQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: subscriptionQueryKey(member?.userId),
    queryFn: async () => {
      try {
        return await requireMember(member).api.getSubscription();
      } catch (error) {
        console.error('Subscription check failed', error);
        return NOT_SUBSCRIBED;
      }
    },
    enabled: Boolean(member),
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions(useMember()));
}
