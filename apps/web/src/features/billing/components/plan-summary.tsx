import { Link } from '@/lib/app-navigation';
import type { MemberPlanDto } from '@app/shared';
import { formatBillingDate } from '../lib/format-billing-date';

/** What the plan held gives, and until when, in one line (decision 065). */
export function planSummary(plan: MemberPlanDto): string {
  const ends = plan.ends_at && formatBillingDate(plan.ends_at);
  switch (plan.basis) {
    case 'subscription':
      if (ends) return `unlimited coaching until ${ends}; your subscription has been cancelled.`;
      return plan.renews_at
        ? `unlimited coaching; renews on ${formatBillingDate(plan.renews_at)}.`
        : 'unlimited coaching.';
    case 'grant':
      return `full coaching, free, until ${ends}.`;
    case 'beta':
      return 'full coaching, free, while the beta runs.';
    case 'trial':
      return 'one free coaching conversation.';
    case 'none':
      return 'your free conversation is used; choose a plan to keep talking with your coach.';
  }
}

/**
 * The dashboard's line about the plan held: its name, what it gives and its end date, so a
 * member on the exit offer's 30 days (or any plan that ends) sees when (decision 065).
 */
export function PlanSummary({ plan }: { plan: MemberPlanDto }) {
  return (
    <p className="text-muted-foreground mt-1 text-sm leading-relaxed" data-testid="plan-summary">
      Your plan: <strong className="text-foreground font-semibold">{plan.name}</strong>, {planSummary(plan)}{' '}
      <Link to="/profile#plan" className="text-primary underline-offset-4 hover:underline">
        Plan details
      </Link>
    </p>
  );
}
