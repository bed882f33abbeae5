import { useLocation } from 'react-router';
import { MemberPage } from '@/components/layouts/member-page';
// Deep imports: this public page must not pull the signed-in wizard into its chunk.
import { SpaceReady, SpaceReadyIntro } from '@/features/onboarding/components/space-ready';
import { planFromState } from '@/features/onboarding/lib/onboarding-plan';

/** /onboarding-complete: the plan arrives as navigation state, Base Camp when there is none (user-app §2). */
export default function OnboardingCompletePage() {
  const plan = planFromState(useLocation().state);
  return (
    <MemberPage title="Welcome to your space" description={<SpaceReadyIntro plan={plan} />}>
      <SpaceReady plan={plan} />
    </MemberPage>
  );
}
