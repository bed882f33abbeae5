import { DEFAULT_PLAN_NAME, findPlanByName, type Plan, type SubscriptionStatusDto } from '@app/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What choosing a plan on the profile page leads to (user-app §4 "Plans and plan change").
 * - none: the current plan was chosen again, or the name is unknown;
 * - upgrade: a free plan to a paid one ('Upgrade to {plan}?');
 * - downgrade: a paid plan to a free one while subscribed ('Switch to Free Plan?');
 * - change: a paid plan to another paid one while subscribed ('Change to {plan}?');
 * - direct: anything else goes straight to the message (e.g. downgrading when not subscribed).
 */
export type PlanChange =
  | { kind: 'none' }
  | { kind: 'upgrade'; plan: Plan }
  | { kind: 'downgrade'; plan: Plan; daysRemaining: number | null; endDate: Date | null }
  | { kind: 'change'; plan: Plan; endDate: Date | null }
  | { kind: 'direct'; plan: Plan };

/** The subscription tier, else the profile plan, else Base Camp. */
export function currentPlanName(
  subscription: SubscriptionStatusDto | undefined,
  profilePlan: string | null | undefined,
): string {
  const tier = subscription?.subscribed ? subscription.subscription_tier?.trim() : undefined;
  return tier || profilePlan?.trim() || DEFAULT_PLAN_NAME;
}

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
  // An unknown stored name counts as free, as the plan badge treats it.
  const currentPaid = findPlanByName(currentPlan)?.free === false;
  const subscribed = Boolean(subscription?.subscribed);
  const endDate = parseEnd(subscription?.subscription_end);

  if (!currentPaid && !target.free) return { kind: 'upgrade', plan: target };
  if (currentPaid && subscribed && target.free) {
    return { kind: 'downgrade', plan: target, daysRemaining: endDate ? daysRemaining(endDate, now) : null, endDate };
  }
  if (currentPaid && subscribed && !target.free) return { kind: 'change', plan: target, endDate };
  return { kind: 'direct', plan: target };
}
