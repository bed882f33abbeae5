import { useEffect, useRef } from 'react';
import { Check, CircleDashed, Repeat } from 'lucide-react';
import { STEP_STATUS_LABELS, type StepDto } from '@app/shared';
import { useMemberSteps, useRefreshMemberSteps } from '../api/member-steps';
import { StepButtons } from './step-buttons';

const OUTCOME_ICONS: Partial<Record<StepDto['status'], typeof Check>> = {
  done: Check,
  not_done: CircleDashed,
  swapped: Repeat,
};

/**
 * A step in the chat (decision 058): its buttons (accept, swap; then done,
 * not done) while it is open, its outcome after. It reads the same query as
 * the dashboard card, so the two always agree.
 */
export function StepInChat({ stepId }: { stepId: string }) {
  const steps = useMemberSteps();
  const refresh = useRefreshMemberSteps();
  const step =
    steps.data?.current?.id === stepId ? steps.data.current : steps.data?.history.find((s) => s.id === stepId);
  // A step posted after the list was read (offered by a reminder, or from WhatsApp): read the list once more.
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!steps.data || step || askedFor.current === stepId) return;
    askedFor.current = stepId;
    void refresh();
  }, [steps.data, step, stepId, refresh]);

  if (!step) return null;
  if (step.status === 'offered' || step.status === 'accepted') {
    return (
      <div className="mt-2">
        <StepButtons step={step} size="sm" />
      </div>
    );
  }
  const Icon = OUTCOME_ICONS[step.status] ?? Check;
  return (
    <p className="text-muted-foreground mt-2 flex items-center gap-1.5 text-xs">
      <Icon aria-hidden="true" className="size-3.5" />
      <span>
        <span className="sr-only">Your step: </span>
        {STEP_STATUS_LABELS[step.status]}
      </span>
    </p>
  );
}
