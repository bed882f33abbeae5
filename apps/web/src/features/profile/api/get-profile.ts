import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { DEMO_USER_ID, readDemoProfile } from '@/lib/demo/demo-store';

/** The member's profile as GET /api/me/profile returns it (user-app §3). */
export interface Profile {
  id: string;
  full_name: string | null;
  email: string | null;
  focus_area_id: string | null;
  coaching_tone_id: string | null;
  credits: number;
  pricing_plan: string | null;
  trial_conversations_used: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export async function getProfile(): Promise<Profile> {
  const data = await api.get<{ profile: Profile }>('/api/me/profile');
  return data.profile;
}

/**
 * Keyed by user so one account never sees another's cached profile. The demo
 * visitor's "profile" is read from browser storage (user-app §4 demo mode).
 */
export const profileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'profile'],
    queryFn: (): Promise<Profile> => (userId === DEMO_USER_ID ? Promise.resolve(readDemoProfile()) : getProfile()),
    enabled: Boolean(userId),
  });

export function useProfile(userId: string | undefined) {
  return useQuery(profileQueryOptions(userId));
}
