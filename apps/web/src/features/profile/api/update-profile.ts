import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@app/shared';
import { api } from '@/lib/api';
import { DEMO_USER_ID, updateDemoProfile } from '@/lib/demo/demo-store';
import { profileQueryOptions, type Profile } from './get-profile';

export async function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  const data = await api.patch<{ profile: Profile }>('/api/me/profile', input);
  return data.profile;
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
