import { toast } from 'sonner';
import { STEP_ACTION_LABELS, type StepAction, type StepDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api';
import { useStepAction } from '../api/member-steps';

/** What the member can do with a step: take it on or swap it while offered; then say how it went. */
const ACTIONS_BY_STATUS: Partial<Record<StepDto['status'], StepAction[]>> = {
  offered: ['accept', 'swap'],
  accepted: ['done', 'not_done'],
};

interface StepButtonsProps {
  step: StepDto;
  size?: 'sm' | 'default';
  /** Called once the server took the member's answer (the next step is then offered, also in the chat). */
  onAnswered?: (action: StepAction) => void;
}

/** The buttons of an open step, on the dashboard card and under the step in the chat. */
export function StepButtons({ step, size = 'default', onAnswered }: StepButtonsProps) {
  const action = useStepAction();
  const actions = ACTIONS_BY_STATUS[step.status] ?? [];
  if (!actions.length) return null;
  const pending = action.isPending ? action.variables?.action : undefined;
  const press = (chosen: StepAction) => {
    if (action.isPending) return;
    action.mutate(
      { stepId: step.id, action: chosen },
      {
        onSuccess: () => onAnswered?.(chosen),
        onError: (error) =>
          toast.error('Your step was not updated', { description: serverMessageOr(error, 'Please try again.') }),
      },
    );
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Your step">
      {actions.map((chosen, i) => (
        <Button
          key={chosen}
          size={size}
          variant={i === 0 ? 'default' : 'outline'}
          busy={pending === chosen}
          aria-disabled={(action.isPending && pending !== chosen) || undefined}
          onClick={() => press(chosen)}
        >
          {STEP_ACTION_LABELS[chosen]}
        </Button>
      ))}
    </div>
  );
}
