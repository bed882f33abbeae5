import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { DEMO_USER_ID, readDemoProfile } from '@/lib/demo/demo-store';

/** The member's profile (user-app §3). */
export function getProfile(): Promise<ProfileDto> {
  return read(api.me.profile.$get());
}

/**
 * Keyed by user so one account never sees another's cached profile. The demo
 * visitor's "profile" is read from browser storage (user-app §4 demo mode).
 */
export const profileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'profile'],
    queryFn: (): Promise<ProfileDto> => (userId === DEMO_USER_ID ? Promise.resolve(readDemoProfile()) : getProfile()),
    enabled: Boolean(userId),
  });

export function useProfile(userId: string | undefined) {
  return useQuery(profileQueryOptions(userId));
}
