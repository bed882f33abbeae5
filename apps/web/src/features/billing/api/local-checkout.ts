import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocalCardInput, LocalCheckoutDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { useMember } from '@/lib/member-api/member-api';
import { invalidateSubscriptionAndPlan } from './get-member-plan';

const checkoutParam = (id: string) => ({ param: { id: encodeURIComponent(id) } });
const localCheckoutQueryKey = (userId: string | undefined, id: string) => ['me', userId, 'local-checkout', id] as const;

/** GET /api/local-payments/checkout/:id: what this TEST MODE checkout sells (null: not the member's). */
export const getLocalCheckout = (id: string): Promise<LocalCheckoutDto | null> =>
  read(api['local-payments'].checkout[':id'].$get(checkoutParam(id)));

/** POST /api/local-payments/checkout/:id/pay: pays it with a test card. */
export const payLocalCheckout = (id: string, card: LocalCardInput): Promise<LocalCheckoutDto> =>
  read(api['local-payments'].checkout[':id'].pay.$post({ ...checkoutParam(id), json: card }));

export function useLocalCheckout(id: string) {
  const userId = useMember()?.userId;
  return useQuery(
    queryOptions({
      queryKey: localCheckoutQueryKey(userId, id),
      queryFn: () => getLocalCheckout(id),
      enabled: Boolean(userId),
    }),
  );
}

export function usePayLocalCheckout(id: string) {
  const queryClient = useQueryClient();
  const userId = useMember()?.userId;
  return useMutation({
    mutationFn: (card: LocalCardInput) => payLocalCheckout(id, card),
    onSuccess: (paid) => {
      queryClient.setQueryData(localCheckoutQueryKey(userId, id), paid);
      return invalidateSubscriptionAndPlan(queryClient, userId);
    },
  });
}
