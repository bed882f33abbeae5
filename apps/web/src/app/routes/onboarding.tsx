import { MemberPage } from '@/components/layouts/member-page';
import { useAuth } from '@/features/auth';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';

/** /onboarding, behind RequireAuth: completing it writes the member's profile (docs/decisions/006). */
export default function OnboardingPage() {
  const { user } = useAuth();
  if (!user) return null; // RequireAuth renders this page only with a user
  const firstName = user.full_name?.trim().split(/\s+/)[0] || null;
  return (
    <MemberPage
      title="Let's set up your space"
      description="Two short steps, then you're ready to connect with your coach."
    >
      <OnboardingWizard userId={user.id} firstName={firstName} />
    </MemberPage>
  );
}
