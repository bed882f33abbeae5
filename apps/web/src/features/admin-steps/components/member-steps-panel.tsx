import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { STEP_SIZE_LABELS, STEP_STATUS_LABELS, stepSentence, type StepDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useMemberStepsForAdmin } from '../api/admin-steps';

const SOURCE_LABELS: Record<StepDto['source'], string> = {
  library: 'Library',
  ai: 'Tailored by the AI coach',
  coach: 'Set by a coach',
};

function StepLine({ step }: { step: StepDto }) {
  return (
    <div className="grid gap-1">
      <p className="text-sm leading-snug">{stepSentence(step)}</p>
      <p className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs">
        <span>{STEP_STATUS_LABELS[step.status]}</span>
        <span aria-hidden="true">·</span>
        <span>{STEP_SIZE_LABELS[step.size]}</span>
        {step.source !== 'library' && (
          <>
            <span aria-hidden="true">·</span>
            <span>{SOURCE_LABELS[step.source]}</span>
          </>
        )}
        <span aria-hidden="true">·</span>
        <RelativeTime value={step.resolved_at ?? step.offered_at} />
      </p>
    </div>
  );
}

/**
 * "Current step and history" of one member, for their coach (decision 058):
 * the open step and, folded away, the latest finished ones. Placed on the
 * admin user card and in the conversation pane by the admin routes.
 */
export function MemberStepsPanel({ memberId, className }: { memberId: string; className?: string }) {
  const steps = useMemberStepsForAdmin(memberId);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const historyId = useId();
  const history = steps.data?.history ?? [];
  const done = history.filter((s) => s.status === 'done').length;

  return (
    <section aria-labelledby={headingId} className={cn('grid gap-2 rounded-lg border p-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Current step and history
        </h3>
        {steps.data && history.length > 0 && (
          <Badge variant="outline">
            {done} of {history.length} done
          </Badge>
        )}
      </div>
      {steps.isPending ? (
        <Skeleton className="h-10" />
      ) : steps.isError ? (
        <p className="text-muted-foreground text-sm">Steps could not be loaded.</p>
      ) : (
        <>
          {steps.data.current ? (
            <StepLine step={steps.data.current} />
          ) : (
            <p className="text-muted-foreground text-sm">No open step.</p>
          )}
          {history.length > 0 && (
            <>
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-start"
                aria-expanded={open}
                aria-controls={historyId}
                onClick={() => setOpen((o) => !o)}
              >
                <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
                {open ? 'Hide history' : `Show history (${history.length})`}
              </Button>
              <ol id={historyId} hidden={!open} className="grid gap-3 border-l pl-3">
                {history.map((step) => (
                  <li key={step.id}>
                    <StepLine step={step} />
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
