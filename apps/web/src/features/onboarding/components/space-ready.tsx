import { ArrowRight, CreditCard, Info } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { findPlanByName, onboardingGreeting } from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useChatLink } from '@/lib/use-chat-link';
import { ConnectSteps } from './connect-steps';

/** The sentence under the welcome heading, naming the plan. */
export function SpaceReadyIntro({ plan }: { plan: string }) {
  const name = <strong className="text-foreground font-semibold">{plan}</strong>;
  const lead =
    findPlanByName(plan)?.free === false ? <>You&apos;ve chosen {name}.</> : <>You&apos;re all set with {name}.</>;
  return <p>{lead} Now connect with your coach: it takes less than a minute.</p>;
}

/**
 * The body of /onboarding-complete (docs/product.md#onboarding): the
 * chosen plan, the ways to reach the coach with a greeting that suits the plan,
 * and the way on to the dashboard.
 */
interface SpaceReadyProps {
  plan: string;
  /** Where a member who chose a paid plan subscribes (the billing feature's /subscription, with the plan chosen). */
  subscribePath?: string;
  /** The entitlement check before the chat link is handed out (signed-in members only). */
  onStartConversation?: () => Promise<boolean>;
  /** The same check, then the copy of the link, in one toast (signed-in members only). */
  onCopyLink?: (link: string) => Promise<unknown>;
}

export function SpaceReady({ plan, subscribePath, onStartConversation, onCopyLink }: SpaceReadyProps) {
  const { link, failed } = useChatLink(onboardingGreeting(plan));
  const awaitingSubscription = findPlanByName(plan)?.free === false;

  return (
    <div className="grid gap-6">
      {awaitingSubscription && (
        <Alert>
          <Info aria-hidden="true" />
          <AlertTitle>{plan} starts with your subscription</AlertTitle>
          <AlertDescription>
            <p>
              Until it is set up you keep your free plan. Your greeting tells your coach you chose {plan}, and you can
              change your plan at any time from your profile.
            </p>
            {subscribePath && (
              <Button asChild className="mt-2 w-full sm:w-fit">
                <Link to={subscribePath}>
                  <CreditCard aria-hidden="true" />
                  Subscribe to {plan}
                </Link>
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}
      <ConnectSteps link={link} failed={failed} onStart={onStartConversation} onCopy={onCopyLink} />
      <Button asChild size="lg" variant="secondary" className="w-full sm:w-fit sm:justify-self-end">
        <Link to="/dashboard">
          Go to Dashboard
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
