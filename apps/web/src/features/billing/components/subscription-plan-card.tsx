import { useState } from 'react';
import { chatLink, planChangeMessage, type SubscriptionStatusDto } from '@app/shared';
import { PlanPicker } from '@/components/plan-picker/plan-picker';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAppConfig } from '@/lib/app-config';
import { usePlanAvailability } from '../hooks/use-plan-availability';
import { openPlanChangeMessage } from '../lib/open-plan-change-message';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { decidePlanChange } from '../lib/plan-change';
import { PlanChangeDialog, type DialogChange } from './plan-change-dialog';

interface SubscriptionPlanCardProps {
  currentPlan: string;
  subscription: SubscriptionStatusDto | undefined;
  /** Writes a free plan to the member's profile (the account feature's, composed by the route). */
  onFreePlanChosen: (planName: string) => void;
  /** True while that write is under way. */
  savingPlan: boolean;
}

/** Current plan, the plan picker and the plan-change confirmations (docs/product.md#profile). */
export function SubscriptionPlanCard({
  currentPlan,
  subscription,
  onFreePlanChosen,
  savingPlan,
}: SubscriptionPlanCardProps) {
  const config = useAppConfig();
  const [pending, setPending] = useState<DialogChange | null>(null);
  const number = config.data?.whatsapp_number;
  const availability = usePlanAvailability();

  const sendMessage = (planName: string) => {
    if (!number) return false;
    return openPlanChangeMessage(chatLink(number, planChangeMessage(planName)), planName);
  };

  const choose = (planName: string) => {
    const change = decidePlanChange({ currentPlan, targetPlan: planName, subscription, now: new Date() });
    if (change.kind === 'none') return;
    if (change.kind !== 'direct') {
      setPending(change);
      return;
    }
    // Straight to the message, opened inside this click so no pop-up blocker stops it.
    sendMessage(change.plan.name);
    // A free plan needs no payment, so it also takes effect on the profile at once (the server
    // allows free plans only; paid ones follow the subscription). The message still tells the team.
    if (change.plan.free) onFreePlanChosen(change.plan.name);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription Plan</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span>Current plan:</span>
          <Badge variant="secondary">{currentPlan}</Badge>
        </CardDescription>
        {subscription?.subscribed && (
          <p className="text-muted-foreground text-sm">Active subscription - manage in customer portal</p>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {subscription?.subscribed && <ManageSubscriptionButton className="w-full sm:w-fit" />}
        <PlanPicker
          value={currentPlan}
          onChange={choose}
          disabled={!number || savingPlan}
          noteFor={availability.noteFor}
          unavailable={availability.unavailable}
        />
      </CardContent>
      <PlanChangeDialog
        change={pending}
        currentPlan={currentPlan}
        onClose={() => setPending(null)}
        onConfirm={(change) => {
          setPending(null);
          sendMessage(change.plan.name);
        }}
      />
    </Card>
  );
}
