import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_TIER_NAMES } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { useUserActions } from '../api/user-actions';

interface PlanSelectorProps {
  userId: string;
  userName: string;
  plan: string;
  actions: ReturnType<typeof useUserActions>;
}

/**
 * The pricing-plan selector (docs/product.md#admin-back-office): the plan in display mode,
 * a dropdown of the four tiers with Cancel in edit mode. Setting a tier changes
 * the profile's plan only; it never records a payment.
 */
export function PlanSelector({ userId, userName, plan, actions }: PlanSelectorProps) {
  const [editing, setEditing] = useState(false);

  if (!editing) {
    return (
      <div className="flex items-center gap-1">
        <Badge variant="outline">{plan}</Badge>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={() => setEditing(true)}
          aria-label={`Change pricing plan of ${userName}`}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </Button>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-1">
      <Select
        defaultOpen
        value={(ADMIN_TIER_NAMES as readonly string[]).includes(plan) ? plan : undefined}
        onValueChange={(next) => {
          // While saving, the choice is ignored but the trigger keeps focus (aria-disabled below).
          if (actions.setPlan.isPending) return;
          if (next === plan) return setEditing(false);
          actions.setPlan.mutate(
            { id: userId, plan: next },
            {
              onSuccess: (saved) => {
                toast.success('Success', { description: `Pricing plan updated to ${saved.pricing_plan}` });
                setEditing(false);
              },
              onError: () => toast.error('Error', { description: 'Failed to update pricing plan' }),
            },
          );
        }}
      >
        <SelectTrigger
          size="sm"
          className="h-8 w-[9.5rem]"
          aria-label={`Pricing plan of ${userName}`}
          aria-disabled={actions.setPlan.isPending || undefined}
        >
          <SelectValue placeholder={plan} />
        </SelectTrigger>
        <SelectContent>
          {ADMIN_TIER_NAMES.map((tier) => (
            <SelectItem key={tier} value={tier}>
              {tier}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="ghost" size="sm" className="h-8" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </div>
  );
}
