import { useMutation } from '@tanstack/react-query';
import type { RedirectUrlDto, SubscriptionPriceInput } from '@app/shared';
import { api, read } from '@/lib/api';

/** POST /api/me/subscription/checkout (create-checkout): the checkout's url, for a new tab. */
export const createCheckout = (input: SubscriptionPriceInput): Promise<RedirectUrlDto> =>
  read(api.me.subscription.checkout.$post({ json: input }));

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
