import { queryOptions } from '@tanstack/react-query';
import { api, read } from '@/lib/api';

/** POST /api/password-reset/check: whether a recovery link can still set a password (never spends it). */
export const checkResetLink = (token: string) => read(api['password-reset'].check.$post({ json: { token } }));

/** Checked once when the page opens: the answer holds until the form is used. */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
