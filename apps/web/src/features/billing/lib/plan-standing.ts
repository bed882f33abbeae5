import { findPlanByKey, findPlanByName, PICKER_PLAN_KEYS, tierForPaidPlan } from '@app/shared';

/**
 * The picker card that stands for the member's current plan (decision 034):
 * the plan itself when the picker offers it, The Space Pass for a Starter
 * member (it is bought as Starter, decision 021), else none. A member on
 * Base Camp, Growth or Summit sees no card checked, and the sentence of
 * `planStanding` says where they stand instead.
 */
export function pickerPlanFor(currentPlan: string): string {
  const offered = PICKER_PLAN_KEYS.map((key) => findPlanByKey(key)?.name).filter((name): name is string => !!name);
  return offered.find((name) => name === currentPlan || tierForPaidPlan(name)?.name === currentPlan) ?? '';
}

/**
 * One plain sentence beside the current-plan badge: what the plan gives and
 * how to change it, in the vocabulary of docs/product.md#plans-and-their-names.
 */
export function planStanding(currentPlan: string, subscribed: boolean): string {
  const plan = findPlanByName(currentPlan);
  if (!plan || plan.key === 'base_camp') {
    return 'Base Camp is our free starting plan: one free coaching conversation. Choose Free Beta Access (free while the beta runs) or The Space Pass (paid) below.';
  }
  if (plan.key === 'free_beta') return 'Free Beta Access gives you full coaching, free, while the beta runs.';
  if (plan.key === 'thirty_day_free') return '30-Day Free Access gives you 30 days of full coaching, free.';
  const pickerName = pickerPlanFor(currentPlan);
  const paidBy = subscribed ? 'paid by your subscription' : 'a paid plan';
  if (pickerName && pickerName !== currentPlan) return `${currentPlan} is The Space Pass, ${paidBy} (Sanctuary Pass).`;
  if (pickerName) return `The Space Pass is ${paidBy} (Sanctuary Pass).`;
  return `${currentPlan} is ${paidBy} (Sanctuary Pass); change tier with Manage Subscription.`;
}
