import { useEffect } from 'react';
import { toast } from 'sonner';
import { planBadge } from '@app/shared';
import { PageStatus } from '@/components/layouts/page-status';
import { PageTitle } from '@/components/layouts/page-title';
import { useAuth } from '@/features/auth';
import { useAnalytics } from '@/features/profile/api/get-analytics';
import { useFocusAreas } from '@/features/profile/api/get-focus-areas';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSubscription } from '@/features/profile/api/get-subscription';
import { PreferencesCard } from '@/features/profile/components/preferences-card';
import { ProfileBanner } from '@/features/profile/components/profile-banner';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { ProfileStats } from '@/features/profile/components/profile-stats';
import { SubscriptionPlanCard } from '@/features/profile/components/subscription-plan-card';
import { currentPlanName } from '@/features/profile/lib/plan-change';
import { DemoBanner } from '@/lib/demo/demo-banner';
import { DEMO_USER_ID, leaveDemo } from '@/lib/demo/demo-store';
import { useDemoSession } from '@/lib/demo/use-demo-mode';
import { displayName } from '@/lib/display-name';

/** /profile (user-app §2 "Profile"); a demo visitor's profile lives in browser storage. */
export default function ProfilePage() {
  const auth = useAuth();
  const demoSession = useDemoSession();
  const demo = !auth.user && demoSession;
  const userId = auth.user?.id ?? (demo ? DEMO_USER_ID : undefined);
  const profile = useProfile(userId);
  const analytics = useAnalytics(userId);
  const subscription = useSubscription(userId);
  const focusAreas = useFocusAreas();

  // A real session wins over a demo left behind in this browser.
  useEffect(() => {
    if (auth.user && demoSession) leaveDemo();
  }, [auth.user, demoSession]);
  useEffect(() => {
    if (profile.isError) toast.error('Error', { description: 'Failed to load user profile' });
  }, [profile.isError]);
  useEffect(() => {
    if (analytics.isError) toast.error('Error', { description: 'Failed to load profile analytics' });
  }, [analytics.isError]);

  if (auth.loading || !userId || profile.isPending) return <PageStatus>Loading profile...</PageStatus>;
  if (profile.isError) {
    return <PageStatus>We couldn&apos;t load your profile. Please refresh the page to try again.</PageStatus>;
  }

  const data = profile.data;
  const currentPlan = currentPlanName(subscription.data, data.pricing_plan);
  const name = displayName(data.full_name ?? auth.user?.full_name, auth.user?.email ?? data.email);
  const focusArea = focusAreas.data?.find((a) => a.id === data.focus_area_id);

  return (
    <div className="min-h-dvh bg-linear-to-b from-teal-50/60 to-background">
      <PageTitle>Your Profile</PageTitle>
      {demo && <DemoBanner />}
      <ProfileHeader planBadge={subscription.isPending ? undefined : planBadge(currentPlan)} />
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <ProfileBanner name={name} memberSince={data.created_at} focusArea={focusArea} />
        <ProfileStats analytics={analytics.data} failed={analytics.isError} />
        <PreferencesCard userId={userId} profile={data} />
        <SubscriptionPlanCard userId={userId} currentPlan={currentPlan} subscription={subscription.data} />
      </main>
    </div>
  );
}
