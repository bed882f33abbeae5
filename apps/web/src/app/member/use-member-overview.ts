import { useEffect } from 'react';
import { toast } from 'sonner';
import { useProfile } from '@/features/account';
import { useSubscription } from '@/features/billing';
import { useAnalytics } from '@/features/progress';
import { useMember } from '@/lib/member-api/member-api';

/**
 * What /dashboard and /profile both load: whose data it is (the signed-in
 * member, or a demo visitor whose data lives in browser storage), their
 * profile, analytics and subscription, with the spec's error toasts.
 */
export function useMemberOverview() {
  const member = useMember();
  const profile = useProfile();
  const analytics = useAnalytics();
  const subscription = useSubscription();

  useEffect(() => {
    if (profile.isError) toast.error('Error', { description: 'Failed to load user profile' });
  }, [profile.isError]);
  useEffect(() => {
    if (analytics.isError) toast.error('Error', { description: 'Failed to load profile analytics' });
  }, [analytics.isError]);

  return { member, profile, analytics, subscription };
}
