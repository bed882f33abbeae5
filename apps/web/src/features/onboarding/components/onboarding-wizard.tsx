import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useNavigate } from '@/lib/app-navigation';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { forgetChosenPlan, useStartingPlan } from '../hooks/use-starting-plan';
import type { OnboardingCompleteState } from '../lib/onboarding-plan';
import type { PlanAvailability } from '@/components/plan-picker/plan-picker';
import { ApiError } from '@/lib/api';
import { ChoosePlanStep } from './choose-plan-step';
import { StepProgress } from './step-progress';
import { WelcomeStep } from './welcome-step';

/** Onboarding has two steps (docs/product.md#onboarding). */
const STEPS = [{ label: 'Welcome' }, { label: 'Your plan' }] as const;

/**
 * The two-step onboarding of docs/product.md#onboarding: a welcome pitch, then the plan.
 * Completing writes the plan to the member's profile and opens /onboarding-complete
 * with the chosen plan as navigation state; a failure keeps the member here with
 * their choice intact.
 */
interface OnboardingWizardProps {
  firstName: string | null;
  /** After the plan is saved: refreshes the member's cached profile (the account feature's, composed by the route). */
  onProfileChanged?: () => unknown;
  /** What the picker says about each plan's availability (the beta being full; the billing feature's). */
  availability?: PlanAvailability;
}

export function OnboardingWizard({ firstName, onProfileChanged, availability }: OnboardingWizardProps) {
  const navigate = useNavigate();
  const startingPlan = useStartingPlan();
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState(startingPlan);
  const complete = useCompleteOnboarding(onProfileChanged);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After Next or Back, focus the new step's heading so keyboard and screen-reader
  // users start reading where the content changed (not on first load). Focus alone may
  // leave it under the sticky header (WCAG 2.2 SC 2.4.11): it is scrolled to the top,
  // below the header (its scroll-margin-top), which this heading alone carries.
  useEffect(() => {
    const heading = headingRef.current;
    if (!moved.current || !heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start' });
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };

  const finish = () => {
    complete.mutate(plan, {
      onSuccess: () => {
        forgetChosenPlan();
        // No toast: the next page's heading welcomes the member, and its first action (copying the
        // chat link) has a toast of its own, which a welcome would stack with (issue 28).
        navigate('/onboarding-complete', { state: { plan } satisfies OnboardingCompleteState });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'beta_full') {
          // The member stays on their plan and chooses again.
          toast.error('Free Beta Access is full', { description: error.message });
          return;
        }
        const offerRefused = error instanceof ApiError && error.fieldErrors?.pricing_plan?.[0];
        if (offerRefused) {
          // The exit offer belongs to the email that claimed it, for 30 days from sign-up: said, and another plan may be chosen.
          toast.error('30-Day Free Access is not available', { description: offerRefused });
          return;
        }
        toast.error('Setup Error', { description: 'Failed to save preferences. Please try again.' });
      },
    });
  };

  const last = step === STEPS.length - 1;
  const canAdvance = last ? plan.trim() !== '' : true;

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="bg-secondary/40 border-b px-5 py-4 sm:px-8">
        <StepProgress step={step + 1} total={STEPS.length} label={STEPS[step]!.label} />
      </div>
      <div className="px-5 py-7 sm:px-8 sm:py-8">
        {step === 0 ? (
          <WelcomeStep firstName={firstName} headingRef={headingRef} />
        ) : (
          <ChoosePlanStep
            plan={plan}
            onPlanChange={setPlan}
            disabled={complete.isPending}
            headingRef={headingRef}
            availability={availability}
          />
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-t px-5 py-4 sm:px-8">
        <Button
          variant="outline"
          size="lg"
          disabled={step === 0}
          busy={complete.isPending}
          onClick={() => goTo(step - 1)}
        >
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {last ? (
          <Button size="lg" disabled={!canAdvance} busy={complete.isPending} onClick={finish}>
            {complete.isPending ? <Spinner /> : <Check aria-hidden="true" />}
            {complete.isPending ? 'Completing Setup...' : 'Complete Setup'}
          </Button>
        ) : (
          <Button size="lg" onClick={() => goTo(step + 1)}>
            Next
            <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </Card>
  );
}
