import { findPlanByKey, formatPounds, type MemberPlanDto } from '@app/shared';
import { formatBillingDate } from './format-billing-date';

const SPACE_PASS = findPlanByKey('space_pass')!;

/**
 * The picker card that stands for the plan the member holds (decisions 034 and 065):
 * Free Beta Access for a place, The Space Pass while a subscription pays for it, else
 * none. A plan given for a while (the exit offer, or the team's gift) checks no card:
 * choosing The Space Pass then is buying it.
 */
export function pickerPlanFor(plan: MemberPlanDto | undefined): string {
  if (plan?.basis === 'beta') return plan.name;
  if (plan?.basis === 'subscription') return SPACE_PASS.name;
  return '';
}

/**
 * One plain sentence beside the current-plan badge: the one plan the member holds,
 * what it gives, and until when (decision 065). It names no other plan than theirs,
 * except Base Camp's, which says what may be chosen below.
 */
export function planStanding(plan: MemberPlanDto): string {
  const ends = plan.ends_at && formatBillingDate(plan.ends_at);
  switch (plan.basis) {
    case 'subscription':
      if (ends) return `${plan.name} is paid until ${ends}. Your subscription has been cancelled and does not renew.`;
      return plan.renews_at
        ? `${plan.name} is paid by your subscription (${plan.badge}); it renews on ${formatBillingDate(plan.renews_at)}.`
        : `${plan.name} is paid by your subscription (${plan.badge}).`;
    case 'grant':
      return plan.granted_by_team
        ? `${plan.name} is a gift from the Calm Space team until ${ends}: full coaching, nothing to pay.`
        : `${plan.name} gives you full coaching, free, until ${ends}.`;
    case 'beta':
      return `${plan.name} gives you full coaching, free, while the beta runs.`;
    case 'trial':
    case 'none':
      return `${plan.name} is our free starting plan: one free coaching conversation. Choose Free Beta Access (free while the beta runs) or ${SPACE_PASS.name} (${formatPounds(SPACE_PASS.monthlyPence)} a month) below.`;
  }
}

/** Under the plan card's heading: what the subscription does next, said with its date. */
export function subscriptionNote(plan: MemberPlanDto): string | null {
  if (plan.basis !== 'subscription') return null;
  if (plan.ends_at) return `Cancelled: ends on ${formatBillingDate(plan.ends_at)} - resume in the customer portal`;
  return 'Active subscription - manage in customer portal';
}
