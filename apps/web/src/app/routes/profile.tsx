import { planBadge } from '@app/shared';
import { PageStatus } from '@/components/layouts/page-status';
import { PageTitle } from '@/components/layouts/page-title';
import { useAuth } from '@/features/auth';
import { useMemberData } from '@/features/profile/hooks/use-member-data';
import { useFocusAreas } from '@/features/profile/api/get-focus-areas';
import { PreferencesCard } from '@/features/profile/components/preferences-card';
import { ProfileBanner } from '@/features/profile/components/profile-banner';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { ProfileStats } from '@/features/profile/components/profile-stats';
import { SubscriptionPlanCard } from '@/features/profile/components/subscription-plan-card';
import { currentPlanName } from '@/features/profile/lib/plan-change';
import { DemoBanner } from '@/lib/demo/demo-banner';
import { displayName } from '@/lib/display-name';

/** /profile (user-app §2 "Profile"); a demo visitor's profile lives in browser storage. */
export default function ProfilePage() {
  const auth = useAuth();
  const { demo, userId, profile, analytics, subscription } = useMemberData(auth.user?.id);
  const focusAreas = useFocusAreas();

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
