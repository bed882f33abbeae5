import { tierFromCredits } from '@app/shared';
import { Badge } from '@/components/ui/badge';

/** The customer's tier from their credits (docs/product.md#admin-back-office): Premium, Pro or Basic. */
export function TierBadge({ credits }: { credits: number }) {
  const tier = tierFromCredits(credits);
  return <Badge variant={tier === 'Premium' ? 'premium' : tier === 'Pro' ? 'default' : 'secondary'}>{tier}</Badge>;
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
