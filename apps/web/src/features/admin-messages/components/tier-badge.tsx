import { planBadge, tierFromCredits } from '@app/shared';
import { Badge } from '@/components/ui/badge';

/**
 * The plan the member holds (decision 065), the same answer as their own screens and the
 * admin card: shown first, so the credit tier beside it is never read as what they pay for.
 */
export function PlanHeldBadge({ plan }: { plan: string }) {
  return (
    <Badge variant={planBadge(plan) === 'Free' ? 'outline' : 'premium'} title="The plan they hold">
      {plan}
    </Badge>
  );
}

/** "12 credits · Basic credit tier" (docs/product.md#admin-back-office): the tier said as credits, not as a plan. */
export function creditsLine(credits: number): string {
  return `${credits} credits · ${tierFromCredits(credits)} credit tier`;
}

/** Up to two initials of a name: 'Ada Lovelace' → 'AL', 'Unknown User' → 'UU', 'cher' → 'C'. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
