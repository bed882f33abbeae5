import { useState } from 'react';
import { useNavigate } from '@/lib/app-navigation';
import {
  chatLink,
  greetingWithReference,
  planChangeMessage,
  type MemberPlanDto,
  type SubscriptionStatusDto,
} from '@app/shared';
import { PlanPicker } from '@/components/plan-picker/plan-picker';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAppConfig } from '@/lib/app-config';
import { useLinkReference } from '@/lib/whatsapp/member-whatsapp';
import type { BillingPeriod } from '@app/shared';
import { useCustomerPortal } from '../hooks/use-customer-portal';
import { usePlanAvailability } from '../hooks/use-plan-availability';
import { subscriptionPathFor } from '../lib/chooser-start';
import { openPlanChangeMessage } from '../lib/open-plan-change-message';
import { decidePlanChange } from '../lib/plan-change';
import { pickerPlanFor, planStanding, subscriptionNote } from '../lib/plan-standing';
import { BlockedTabLink } from './blocked-tab-link';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { PlanChangeDialog, type DialogChange } from './plan-change-dialog';

interface SubscriptionPlanCardProps {
  /** The plan the member holds (GET /api/me/plan); undefined while it loads. */
  plan: MemberPlanDto | undefined;
  subscription: SubscriptionStatusDto | undefined;
  /** Writes a free plan to the member's profile (the account feature's, composed by the route). */
  onFreePlanChosen: (planName: string) => void;
  /** True while that write is under way. */
  savingPlan: boolean;
}

/**
 * Current plan, the plan picker and the plan-change confirmations (docs/product.md#profile).
 * Each change goes one way only (decision 034): a free plan is saved at once, a paid one is
 * paid by card on /subscription, a subscription is cancelled in the customer portal, and
 * only a change between paid plans is arranged by a message to the team.
 */
export function SubscriptionPlanCard({ plan, subscription, onFreePlanChosen, savingPlan }: SubscriptionPlanCardProps) {
  const config = useAppConfig();
  const navigate = useNavigate();
  const portal = useCustomerPortal();
  const [pending, setPending] = useState<DialogChange | null>(null);
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const number = config.data?.whatsapp_number;
  // The member's reference links the WhatsApp contact that sends the message (decision 056).
  const reference = useLinkReference();
  const availability = usePlanAvailability();
  // The card standing for the plan held; changes are decided from it (none when no card does).
  const currentPlan = pickerPlanFor(plan);
  const note = plan && subscriptionNote(plan);

  const choose = (planName: string) => {
    if (savingPlan) return;
    const change = decidePlanChange({ currentPlan, targetPlan: planName, subscription, now: new Date() });
    if (change.kind === 'none') return;
    if (change.kind === 'free') onFreePlanChosen(change.plan.name);
    else setPending(change);
  };

  const confirm = (change: DialogChange) => {
    setPending(null);
    if (change.kind === 'upgrade') {
      void navigate(subscriptionPathFor(change.plan.name, period));
    } else if (change.kind === 'downgrade') {
      // Inside the click, so the portal's tab is not blocked; the free plan waits on the
      // profile and takes over when the subscription ends.
      void portal.open();
      onFreePlanChosen(change.plan.name);
    } else if (number) {
      openPlanChangeMessage(
        chatLink(number, greetingWithReference(planChangeMessage(change.plan.name), reference)),
        change.plan.name,
      );
    } else {
      // No messaging number configured: the portal switches plans too.
      void portal.open();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription Plan</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span>Current plan:</span>
          {plan && <Badge variant="secondary">{plan.name}</Badge>}
        </CardDescription>
        {plan && <p className="text-muted-foreground text-sm leading-relaxed">{planStanding(plan)}</p>}
        {note && <p className="text-muted-foreground text-sm">{note}</p>}
      </CardHeader>
      <CardContent className="grid gap-6">
        {subscription?.subscribed && <ManageSubscriptionButton className="w-full sm:w-fit" />}
        <BlockedTabLink url={portal.blockedUrl} label="Open the customer portal" />
        <PlanPicker
          value={currentPlan}
          onChange={choose}
          arrowsChoose={false}
          period={period}
          onPeriodChange={setPeriod}
          noteFor={availability.noteFor}
          unavailable={availability.unavailable}
        />
      </CardContent>
      <PlanChangeDialog
        change={pending}
        currentPlan={plan?.name ?? currentPlan}
        period={period}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
