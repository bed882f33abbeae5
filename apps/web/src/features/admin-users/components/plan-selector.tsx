import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_GRANT_DAYS, type AdminPlanInput, type MemberBillingDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { teamGrantInWords } from '@/lib/member-billing-words';
import type { useUserActions } from '../api/user-actions';

interface PlanSelectorProps {
  userId: string;
  userName: string;
  billing: MemberBillingDto;
  actions: ReturnType<typeof useUserActions>;
}

const TAKE_BACK = 'base_camp';
/** The choices: take back what the team gave, or The Space Pass for one of the lengths offered. */
const CHOICES: { value: string; label: string; input: AdminPlanInput }[] = [
  { value: TAKE_BACK, label: 'Nothing (Base Camp)', input: { pricing_plan: 'Base Camp' } },
  ...ADMIN_GRANT_DAYS.map((days) => ({
    value: `space_pass_${days}`,
    label: `The Space Pass for ${days} days`,
    input: { pricing_plan: 'The Space Pass' as const, days },
  })),
];

/**
 * What the team gave a member (decision 065): nothing, or The Space Pass until a date, and
 * a dropdown to give it for 30, 90 or 365 days from today or take it back. The server
 * records it as a plan grant with an end and an audit row; it never records a payment.
 */
export function PlanSelector({ userId, userName, billing, actions }: PlanSelectorProps) {
  const [editing, setEditing] = useState(false);
  const given = teamGrantInWords(billing);

  if (!editing) {
    return (
      <div className="flex items-center gap-1">
        <Badge variant="outline">{given}</Badge>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={() => setEditing(true)}
          aria-label={`Change what the team gives ${userName}`}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Select
        defaultOpen
        onValueChange={(next) => {
          // While saving, the choice is ignored but the trigger keeps focus (aria-disabled below).
          if (actions.setPlan.isPending) return;
          const choice = CHOICES.find((c) => c.value === next);
          if (!choice) return setEditing(false);
          actions.setPlan.mutate(
            { id: userId, input: choice.input },
            {
              onSuccess: (saved) => {
                const until = saved.plan.ends_at
                  ? ` until ${new Date(saved.plan.ends_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`
                  : '';
                toast.success('Success', { description: `${userName} now holds ${saved.plan.name}${until}` });
                setEditing(false);
              },
              onError: () => toast.error('Error', { description: 'Failed to update pricing plan' }),
            },
          );
        }}
      >
        <SelectTrigger
          size="sm"
          className="h-8 w-[15rem] max-w-full"
          aria-label={`What the team gives ${userName}`}
          aria-disabled={actions.setPlan.isPending || undefined}
        >
          <SelectValue placeholder={given} />
        </SelectTrigger>
        <SelectContent>
          {CHOICES.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
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
