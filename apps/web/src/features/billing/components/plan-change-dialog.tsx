import { format } from 'date-fns';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { BillingPeriod } from '@app/shared';
import { displayPrice } from '@/lib/plan-price';
import type { PlanChange } from '../lib/plan-change';

type DialogChange = Extract<PlanChange, { kind: 'upgrade' | 'downgrade' | 'change' }>;

const longDate = (date: Date) => format(date, 'd MMMM yyyy');

function title(change: DialogChange): string {
  if (change.kind === 'upgrade') return `Upgrade to ${change.plan.name}?`;
  if (change.kind === 'downgrade') return 'Switch to Free Plan?';
  return `Change to ${change.plan.name}?`;
}

const CONFIRM_LABEL: Record<DialogChange['kind'], string> = {
  upgrade: 'Continue to payment',
  downgrade: 'Cancel in customer portal',
  change: 'Change plan',
};

/** Each dialog promises one thing only: a card payment, the customer portal, or a message (decision 034). */
function Body({ change, currentPlan, period }: { change: DialogChange; currentPlan: string; period: BillingPeriod }) {
  if (change.kind === 'upgrade') {
    const price = displayPrice(change.plan, period);
    return (
      <>
        <DialogDescription>
          You&apos;ll be redirected to our secure card payment provider to start {change.plan.name}, at {price.perMonth}{' '}
          a month ({price.billing?.toLowerCase()}).
        </DialogDescription>
        <p className="text-sm leading-relaxed">
          The subscription page opens with {change.plan.name} chosen; you pay there, and you can cancel at any time.
        </p>
      </>
    );
  }
  if (change.kind === 'downgrade') {
    const { daysRemaining, endDate } = change;
    return (
      <>
        <DialogDescription>
          {daysRemaining !== null && endDate
            ? `You have ${daysRemaining} ${daysRemaining === 1 ? 'day' : 'days'} remaining on ${currentPlan}, until ${longDate(endDate)}.`
            : `You keep ${currentPlan} until the end of your current billing period.`}
        </DialogDescription>
        <p className="text-sm leading-relaxed">
          Your subscription will be cancelled in the customer portal, which opens in a new tab, and you&apos;ll move to{' '}
          {change.plan.name} when it ends. Nothing more is charged.
        </p>
      </>
    );
  }
  return (
    <>
      <DialogDescription>
        {change.endDate
          ? `Your change to ${change.plan.name} starts on ${longDate(change.endDate)}, when your current billing period ends.`
          : `Your change to ${change.plan.name} starts when your current billing period ends.`}
      </DialogDescription>
      <p className="text-sm leading-relaxed">
        Until then you keep {currentPlan}. We&apos;ll open a prefilled message to our team in WhatsApp to arrange it.
      </p>
    </>
  );
}

interface PlanChangeDialogProps {
  change: DialogChange | null;
  currentPlan: string;
  /** The billing period shown in the picker, which an upgrade is paid in. */
  period: BillingPeriod;
  onConfirm: (change: DialogChange) => void;
  onClose: () => void;
}

/** The three plan-change confirmations of docs/product.md#plans-and-their-names. */
export function PlanChangeDialog({ change, currentPlan, period, onConfirm, onClose }: PlanChangeDialogProps) {
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && onClose()}>
      {change && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title(change)}</DialogTitle>
            <Body change={change} currentPlan={currentPlan} period={period} />
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {change.kind === 'downgrade' ? 'Keep my plan' : 'Cancel'}
            </Button>
            <Button onClick={() => onConfirm(change)}>{CONFIRM_LABEL[change.kind]}</Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

export type { DialogChange };
