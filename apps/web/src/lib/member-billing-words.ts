import type { MemberBillingDto } from '@app/shared';

/** "3 Dec 2026": a date a coach reads at a glance. */
export function dayMonthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * What a member's plan means, in words (decision 060): who pays for what, until
 * when, and what opens coaching to them. The user card, the users table and the
 * panel beside a conversation all say it this way, so they never disagree.
 */
export function billingInWords(billing: MemberBillingDto): { plan: string; paidBy: string; access: string } {
  const sub = billing.subscription;
  const period = sub?.billing_period === 'year' ? 'yearly' : sub?.billing_period === 'month' ? 'monthly' : null;
  let paidBy: string;
  if (sub?.live) {
    const until = sub.period_end
      ? sub.cancel_at_period_end
        ? `, ends ${dayMonthYear(sub.period_end)}`
        : `, renews ${dayMonthYear(sub.period_end)}`
      : '';
    paidBy = `Pays for ${sub.tier}${period ? ` (${period})` : ''}${until}`;
  } else if (sub) {
    paidBy = `${sub.tier} subscription ${sub.period_end ? `ended ${dayMonthYear(sub.period_end)}` : `not live (${sub.status})`}; pays nothing now`;
  } else {
    paidBy = 'Pays nothing';
  }
  const until = billing.plan.ends_at ? ` until ${dayMonthYear(billing.plan.ends_at)}` : '';
  return { plan: `${billing.plan.name}${until}`, paidBy, access: accessInWords(billing) };
}

function accessInWords(billing: MemberBillingDto): string {
  switch (billing.access) {
    case 'subscription':
      return 'Unlimited coaching: their subscription';
    case 'grant':
      return billing.plan.granted_by_team
        ? 'Unlimited coaching: given by the team, free'
        : 'Unlimited coaching: the exit offer’s 30 days from sign-up, free';
    case 'beta':
      return `Unlimited coaching: a Free Beta Access place${billing.beta_place_since ? ` since ${dayMonthYear(billing.beta_place_since)}` : ''}`;
    case 'trial':
      return 'One free trial conversation, not used yet';
    case 'trial_continues':
      return 'In their free trial conversation';
    case 'none':
      return 'Free trial used: coaching needs a plan';
  }
}

/** What the team gave the member, if anything in force (decision 065): the admin card's grant row. */
export function teamGrantInWords(billing: MemberBillingDto): string {
  const plan = billing.plan;
  if (plan.basis !== 'grant' || !plan.granted_by_team || !plan.ends_at) return 'Nothing given';
  return `${plan.name} until ${dayMonthYear(plan.ends_at)}`;
}
