import { useMutation } from '@tanstack/react-query';
import type { RedirectUrlDto } from '@app/shared';
import { api, read } from '@/lib/api';

/** POST /api/me/subscription/portal (customer-portal): the billing portal's url, for a new tab. */
export const openPortal = (): Promise<RedirectUrlDto> => read(api.me.subscription.portal.$post());

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
