import { findPlanByName, paidPlanToBuy, type Plan, type SubscriptionStatusDto } from '@app/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What choosing a plan on the profile page leads to (docs/product.md#plans-and-their-names, decision 034).
 * - none: the current plan was chosen again (The Relief Plan is The Space Pass), or the name is unknown;
 * - upgrade: a paid plan without a live subscription ('Upgrade to {plan}?'), paid by card on /subscription;
 * - downgrade: a free plan while subscribed ('Switch to Free Plan?'), cancelled in the customer portal;
 * - change: another paid plan while subscribed ('Change to {plan}?'), arranged by a message to the team;
 * - free: a free plan without a subscription, saved at once (no payment, no message).
 */
export type PlanChange =
  | { kind: 'none' }
  | { kind: 'upgrade'; plan: Plan }
  | { kind: 'downgrade'; plan: Plan; daysRemaining: number | null; endDate: Date | null }
  | { kind: 'change'; plan: Plan; endDate: Date | null }
  | { kind: 'free'; plan: Plan };

/** Whole days left until `end`, rounded up; 0 once it has passed. */
export function daysRemaining(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

function parseEnd(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function decidePlanChange(options: {
  currentPlan: string;
  targetPlan: string;
  subscription: SubscriptionStatusDto | undefined;
  now: Date;
}): PlanChange {
  const { currentPlan, targetPlan, subscription, now } = options;
  const target = findPlanByName(targetPlan);
  if (!target || targetPlan === currentPlan) return { kind: 'none' };
  // The Relief Plan is bought as The Space Pass (decision 065): a member holding it has it already.
  if (paidPlanToBuy(targetPlan)?.name === currentPlan) return { kind: 'none' };
  const subscribed = Boolean(subscription?.subscribed);
  const endDate = parseEnd(subscription?.subscription_end);

  if (!target.free && !subscribed) return { kind: 'upgrade', plan: target };
  if (target.free && subscribed) {
    return { kind: 'downgrade', plan: target, daysRemaining: endDate ? daysRemaining(endDate, now) : null, endDate };
  }
  if (subscribed) return { kind: 'change', plan: target, endDate };
  return { kind: 'free', plan: target };
}
