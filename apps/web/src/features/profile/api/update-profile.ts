import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto, ProfileUpdateInput } from '@app/shared';
import { api, read } from '@/lib/api';
import { DEMO_USER_ID, updateDemoProfile } from '@/lib/demo/demo-store';
import { profileQueryOptions } from './get-profile';

export function updateProfile(input: ProfileUpdateInput): Promise<ProfileDto> {
  return read(api.me.profile.$patch({ json: input }));
}

/** PATCH /api/me/profile; a demo visitor's change stays in browser storage. */
export function useUpdateProfile(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      userId === DEMO_USER_ID ? Promise.resolve(updateDemoProfile(input)) : updateProfile(input),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions(userId).queryKey, profile),
  });
}
