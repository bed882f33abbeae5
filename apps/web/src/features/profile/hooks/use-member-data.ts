import { useEffect } from 'react';
import { toast } from 'sonner';
import { DEMO_USER_ID, leaveDemo } from '@/lib/demo/demo-store';
import { useDemoSession } from '@/lib/demo/use-demo-mode';
import { useAnalytics } from '../api/get-analytics';
import { useProfile } from '../api/get-profile';
import { useSubscription } from '../api/get-subscription';

/**
 * What /dashboard and /profile both load: whose data it is (the signed-in
 * member, or a demo visitor whose data lives in browser storage), their
 * profile, analytics and subscription, with the spec's error toasts.
 */
export function useMemberData(signedInUserId: string | undefined) {
  const demoSession = useDemoSession();
  const demo = !signedInUserId && demoSession;
  const userId = signedInUserId ?? (demo ? DEMO_USER_ID : undefined);
  const profile = useProfile(userId);
  const analytics = useAnalytics(userId);
  const subscription = useSubscription(userId);

  // A real session wins over a demo left behind in this browser.
  useEffect(() => {
    if (signedInUserId && demoSession) leaveDemo();
  }, [signedInUserId, demoSession]);
  useEffect(() => {
    if (profile.isError) toast.error('Error', { description: 'Failed to load user profile' });
  }, [profile.isError]);
  useEffect(() => {
    if (analytics.isError) toast.error('Error', { description: 'Failed to load profile analytics' });
  }, [analytics.isError]);

  return { demo, userId, profile, analytics, subscription };
}
