import type { Ref } from 'react';
import { findPlanByName, PICKER_PLAN_KEYS } from '@app/shared';
import { PlanPicker, type PlanAvailability } from '@/components/plan-picker/plan-picker';

/** A sentence under the cards that says what completing will do with the current choice. */
function choiceNote(plan: string): string {
  const known = findPlanByName(plan);
  if (known?.key === 'thirty_day_free') {
    // The exit offer's plan: granted to the account whose email claimed it (decision 065).
    return `${plan} gives you 30 days of full coaching from the day you joined, free: it starts when you complete this step. Or choose a card above.`;
  }
  if (!known || !PICKER_PLAN_KEYS.includes(known.key)) {
    // Base Camp is a plan of its own, not "nothing chosen" (decision 034).
    return `You'll start on ${plan}, our free starting plan with one free coaching conversation. Choose a card above for more; you can change your plan at any time from your profile.`;
  }
  if (!known.free) {
    return `${plan} starts once your subscription is set up: after this step you can subscribe in a couple of clicks. Until then you keep your free plan.`;
  }
  return `${plan} is free: no card needed, and you can change your plan at any time from your profile.`;
}

interface ChoosePlanStepProps {
  plan: string;
  onPlanChange: (plan: string) => void;
  disabled: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  availability?: PlanAvailability;
}

/** Step 2: "Choose Your Plan" with the plan picker (docs/product.md#onboarding). */
export function ChoosePlanStep({ plan, onPlanChange, disabled, headingRef, availability }: ChoosePlanStepProps) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-2xl font-semibold tracking-tight outline-none">
          Choose Your Plan
        </h2>
        <p className="text-muted-foreground leading-relaxed">
          Join free while the beta runs, or choose The Space Pass for the full experience.
        </p>
      </div>
      <PlanPicker value={plan} onChange={onPlanChange} disabled={disabled} {...availability} />
      <p aria-live="polite" className="text-muted-foreground text-sm">
        {choiceNote(plan)}
      </p>
    </div>
  );
}
