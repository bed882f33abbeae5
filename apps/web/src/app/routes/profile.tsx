import { toast } from 'sonner';
import { DemoBanner } from '@/components/demo/demo-banner';
import { PageStatus } from '@/components/layouts/page-status';
import { PageTitle } from '@/components/layouts/page-title';
import { ProfileHeader } from '@/components/layouts/profile-header';
import { PreferencesCard, ProfileBanner, useUpdateProfile, WhatsAppCard } from '@/features/account';
import { useAuth } from '@/features/auth';
// By path, not through the feature's index: that index is in the start-up chunk, this card only on /profile.
import { YourAccountCard } from '@/features/auth/components/your-account/your-account-card';
import { LEGAL } from '@/features/marketing/content/legal-facts';
import { SubscriptionPlanCard, useMemberPlan, useRefreshBetaPlace, useRefreshMemberPlan } from '@/features/billing';
import { useCoachingTones, useFocusAreas } from '@/features/catalog';
import { CoachMemoryCard } from '@/features/coach';
import { ReplyMailSettingsCard, UnreadRepliesLink } from '@/features/notifications';
import { ProgrammeSettingsCard } from '@/features/programme';
import { ProfileStats } from '@/features/progress';
import { ApiError } from '@/lib/api';
import { displayName } from '@/lib/display-name';
import { useMemberOverview } from '../member/use-member-overview';
import { mainContentProps } from '@/components/layouts/skip-link';

/** /profile (docs/product.md#profile); a demo visitor's profile lives in browser storage. */
export default function ProfilePage() {
  const auth = useAuth();
  const { member, profile, analytics, subscription } = useMemberOverview();
  const focusAreas = useFocusAreas();
  const tones = useCoachingTones();
  const update = useUpdateProfile();
  const refreshBetaPlace = useRefreshBetaPlace();
  // The plan the member holds, as the server decides it (decision 065): the badge and the plan card.
  const plan = useMemberPlan();
  const refreshPlan = useRefreshMemberPlan();

  if (auth.loading || !member || profile.isPending) return <PageStatus>Loading profile...</PageStatus>;
  if (profile.isError) {
    return <PageStatus>We couldn&apos;t load your profile. Please refresh the page to try again.</PageStatus>;
  }

  const data = profile.data;
  const name = displayName(data.full_name ?? auth.user?.full_name, auth.user?.email ?? data.email);
  const focusArea = focusAreas.data?.find((a) => a.id === data.focus_area_id);

  // A free plan needs no payment, so it takes effect on the profile at once (the server
  // allows free plans only; paid ones follow the subscription).
  const saveFreePlan = (planName: string) =>
    update.mutate(
      { pricing_plan: planName },
      {
        onSuccess: () =>
          toast.success('Profile Updated', {
            description: subscription.data?.subscribed
              ? `${planName} takes over when your subscription ends.`
              : `Your plan is now ${planName}.`,
          }),
        onSettled: () => {
          void refreshBetaPlace();
          void refreshPlan();
        },
        onError: (error) =>
          // The beta being full is said plainly; the member stays on their plan.
          error instanceof ApiError && error.code === 'beta_full'
            ? toast.error('Free Beta Access is full', { description: error.message })
            : toast.error('Error', { description: 'Failed to update profile' }),
      },
    );

  return (
    <div className="min-h-dvh bg-linear-to-b from-panel-sage/60 to-background">
      <PageTitle>Your Profile</PageTitle>
      {member.demo && <DemoBanner />}
      <ProfileHeader planBadge={plan.data?.badge} notice={!member.demo && <UnreadRepliesLink />} />
      <main {...mainContentProps} className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <ProfileBanner name={name} memberSince={data.created_at} focusArea={focusArea} />
        <ProfileStats analytics={analytics.data} failed={analytics.isError} />
        <PreferencesCard profile={data} focusAreas={focusAreas} tones={tones} />
        {/* The demo has no WhatsApp of its own to link. */}
        {!member.demo && <WhatsAppCard />}
        <ProgrammeSettingsCard />
        {/* Reply mails go to a proven address; the demo has none. */}
        {!member.demo && <ReplyMailSettingsCard />}
        <CoachMemoryCard />
        {/* /pricing sends a signed-in member who chose a free plan here (/profile#plan, decision 033). */}
        <div id="plan" className="scroll-mt-20">
          <SubscriptionPlanCard
            plan={plan.data}
            subscription={subscription.data}
            onFreePlanChosen={saveFreePlan}
            savingPlan={update.isPending}
          />
        </div>
        {!member.demo && <YourAccountCard name={data.full_name} financialRecordYears={LEGAL.financialRecordYears} />}
      </main>
    </div>
  );
}
