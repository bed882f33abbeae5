import { useLocation } from 'react-router';
import { MemberPage } from '@/components/layouts/member-page';
import { planFromState, SpaceReady, SpaceReadyIntro } from '@/features/onboarding';

/** /onboarding-complete: the plan arrives as navigation state, Base Camp when there is none (user-app §2). */
export default function OnboardingCompletePage() {
  const plan = planFromState(useLocation().state);
  return (
    <MemberPage title="Welcome to your space" description={<SpaceReadyIntro plan={plan} />}>
      <SpaceReady plan={plan} />
    </MemberPage>
  );
}
