import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@app/shared';
import { requireMember, useMember } from '@/lib/member-api/member-api';
import { profileQueryKey } from './get-profile';

/** PATCH /api/me/profile; a demo visitor's change stays in browser storage. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const member = useMember();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => requireMember(member).api.updateProfile(input),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey(member?.userId), profile),
  });
}
