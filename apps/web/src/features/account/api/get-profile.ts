import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '@app/shared';
import { requireMember, useMember, type Member } from '@/lib/member-api/member-api';

/** The profile's query key; this module owns it, so the rest of the app refreshes the profile through it. */
export const profileQueryKey = (userId: string | undefined) => ['me', userId, 'profile'] as const;

/**
 * The member's profile (user-app §3). Keyed by user so one account never sees
 * another's cached profile; a demo visitor's comes from the demo adapter.
 */
export const profileQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: profileQueryKey(member?.userId),
    queryFn: (): Promise<ProfileDto> => requireMember(member).api.getProfile(),
    enabled: Boolean(member),
  });

export function useProfile() {
  return useQuery(profileQueryOptions(useMember()));
}

/** Marks the cached profile stale after another feature changed it on the server (onboarding, a trial use). */
export function useRefreshProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  const member = useMember();
  return () => queryClient.invalidateQueries({ queryKey: profileQueryKey(member?.userId) });
}
