import { MemberPage } from '@/components/layouts/member-page';
import { useRefreshProfile } from '@/features/account';
import { useAuth } from '@/features/auth';
import { usePlanAvailability, useRefreshBetaPlace } from '@/features/billing';
import { OnboardingWizard } from '@/features/onboarding';

/** /onboarding, behind RequireAuth: completing it writes the member's profile (docs/decisions/006). */
export default function OnboardingPage() {
  const { user } = useAuth();
  const refreshProfile = useRefreshProfile();
  const refreshBetaPlace = useRefreshBetaPlace();
  const availability = usePlanAvailability();
  if (!user) return null; // RequireAuth renders this page only with a user
  const firstName = user.full_name?.trim().split(/\s+/)[0] || null;
  return (
    <MemberPage
      title="Let's set up your space"
      description="Two short steps, then you're ready to connect with your coach."
    >
      <OnboardingWizard
        firstName={firstName}
        availability={availability}
        onProfileChanged={() => Promise.all([refreshProfile(), refreshBetaPlace()])}
      />
    </MemberPage>
  );
}
