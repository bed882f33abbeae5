import { queryOptions } from '@tanstack/react-query';
import { authApi } from '@/lib/api';
import type { AuthUser } from './get-session';

/** Confirms a sign-up or email-change token; signs the user in on success. */
export function verifyEmail(token: string): Promise<{ status: boolean; user: AuthUser | null }> {
  return authApi.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

/**
 * A query rather than a mutation so that a token is sent once, even when
 * React mounts the page twice in development.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
