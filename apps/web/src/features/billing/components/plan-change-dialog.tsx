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
import type { PlanChange } from '../lib/plan-change';

type DialogChange = Extract<PlanChange, { kind: 'upgrade' | 'downgrade' | 'change' }>;

const longDate = (date: Date) => format(date, 'd MMMM yyyy');

function title(change: DialogChange): string {
  if (change.kind === 'upgrade') return `Upgrade to ${change.plan.name}?`;
  if (change.kind === 'downgrade') return 'Switch to Free Plan?';
  return `Change to ${change.plan.name}?`;
}

function Body({ change, currentPlan }: { change: DialogChange; currentPlan: string }) {
  if (change.kind === 'upgrade') {
    return (
      <>
        <DialogDescription>
          You&apos;ll be redirected to our secure card payment provider to start {change.plan.name}.
        </DialogDescription>
        <p className="text-sm leading-relaxed">
          We&apos;ll open a prefilled message to our team in WhatsApp so they can set it up with you.
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
          Your subscription will be cancelled and you&apos;ll move to {change.plan.name}. We&apos;ll open a prefilled
          message to our team in WhatsApp to arrange it.
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
  onConfirm: (change: DialogChange) => void;
  onClose: () => void;
}

/** The three plan-change confirmations of user-app §4. */
export function PlanChangeDialog({ change, currentPlan, onConfirm, onClose }: PlanChangeDialogProps) {
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && onClose()}>
      {change && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title(change)}</DialogTitle>
            <Body change={change} currentPlan={currentPlan} />
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => onConfirm(change)}>
              {change.kind === 'downgrade' ? 'Switch plan' : change.kind === 'upgrade' ? 'Upgrade' : 'Change plan'}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

export type { DialogChange };
