import { DEFAULT_PLAN_NAME, findPlanByName } from '@app/shared';

/**
 * The plan onboarding starts on: the one chosen on /pricing when it is a plan
 * we know, else the free default (docs/product.md#onboarding). Anything else in storage
 * (an old name, a hand edit) is ignored rather than shown.
 */
export function startingPlan(stored: string | null): string {
  return findPlanByName(stored)?.name ?? DEFAULT_PLAN_NAME;
}

/**
 * What completing onboarding writes to the profile's pricing_plan. A free plan
 * is written as chosen. A paid plan needs a subscription that pays for it (the
 * server refuses it otherwise), so the profile keeps its current plan and the
 * choice travels on to the next screen instead (docs/decisions/006).
 */
export function profilePlanToSave(chosen: string): string | null {
  const plan = findPlanByName(chosen);
  return plan && !plan.free ? null : chosen;
}

/** The plan handed to /onboarding-complete as navigation state. */
export interface OnboardingCompleteState {
  plan: string;
}

/** Reads the navigation state defensively: it survives reloads and can hold anything. */
export function planFromState(state: unknown): string {
  const plan = state && typeof state === 'object' ? (state as Record<string, unknown>).plan : undefined;
  return typeof plan === 'string' ? startingPlan(plan) : DEFAULT_PLAN_NAME;
}
