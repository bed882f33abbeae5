import { MemberPage } from '@/components/layouts/member-page';
import { Navigate } from '@/lib/app-navigation';
import { useRefreshProfile } from '@/features/account';
import { useAuth } from '@/features/auth';
import { usePlanAvailability, useRefreshBetaPlace } from '@/features/billing';
import { OnboardingWizard } from '@/features/onboarding';

/**
 * /onboarding, behind RequireAuth: completing it writes the member's profile (docs/decisions/006).
 * Someone acting as an admin is no member being set up: the admin area is theirs. One who also
 * holds the member role and switched to the user view is onboarded like any member.
 */
export default function OnboardingPage() {
  const { user, isAdmin } = useAuth();
  const refreshProfile = useRefreshProfile();
  const refreshBetaPlace = useRefreshBetaPlace();
  const availability = usePlanAvailability();
  if (!user) return null; // RequireAuth renders this page only with a user
  if (isAdmin) return <Navigate to="/admin" replace />;
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
