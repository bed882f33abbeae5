import { useLocation } from '@/lib/app-navigation';
import { MemberPage } from '@/components/layouts/member-page';
// Deep imports: this public page must not pull the signed-in wizard into its chunk.
import { SpaceReady, SpaceReadyIntro } from '@/features/onboarding/components/space-ready';
import { planFromState } from '@/features/onboarding/lib/onboarding-plan';
import { subscriptionPathFor } from '@/features/billing/lib/chooser-start';
import { useStartConversation } from '@/features/chat/hooks/use-start-conversation';
import { paidPlanToBuy } from '@app/shared';
import { useMember } from '@/lib/member-api/member-api';

/** /onboarding-complete: the plan arrives as navigation state, Base Camp when there is none (docs/product.md#onboarding). */
export default function OnboardingCompletePage() {
  const plan = planFromState(useLocation().state);
  const member = useMember();
  const conversation = useStartConversation();
  return (
    <MemberPage title="Welcome to your space" description={<SpaceReadyIntro plan={plan} />}>
      <SpaceReady
        plan={plan}
        // A paid plan is bought on /subscription with its tier chosen (decision 021).
        subscribePath={paidPlanToBuy(plan) ? subscriptionPathFor(plan) : undefined}
        onStartConversation={member ? conversation.start : undefined}
        onCopyLink={member ? conversation.startAndCopy : undefined}
      />
    </MemberPage>
  );
}
