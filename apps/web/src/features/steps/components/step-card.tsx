import { useState } from 'react';
import { Footprints } from 'lucide-react';
import { toast } from 'sonner';
import {
  STEP_ACCEPTED_MESSAGE,
  STEP_NOT_DONE_LINE,
  STEP_OFFER_LINES,
  STEP_SIZE_LABELS,
  stepSentence,
  type MemberStepsDto,
  type StepAction,
} from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api';
import { useMemberSteps, useStartSteps } from '../api/member-steps';
import { StepButtons } from './step-buttons';

/** The open step followed a step that was not done: it is smaller, and the card says so kindly. */
function followsAMiss(steps: MemberStepsDto): boolean {
  const [latest] = steps.history;
  return Boolean(steps.current && latest?.status === 'not_done' && latest.resolved_at);
}

/** The short line after an answer (the card shows the next step itself; after a miss, its kind line does the talking). */
function lineAfter(action: StepAction): string | null {
  if (action === 'accept') return STEP_ACCEPTED_MESSAGE;
  return action === 'not_done' ? null : STEP_OFFER_LINES[action];
}

/**
 * "Your next step" on the dashboard (decision 058): one small "If …, then I
 * will …" plan at a time. Accept or swap it, then say done or not done; a
 * start button when there is none. Shares its query with the steps in the chat.
 */
export function StepCard() {
  const steps = useMemberSteps();
  const start = useStartSteps();
  const [said, setSaid] = useState<string | null>(null);
  const current = steps.data?.current ?? null;

  const startSteps = () =>
    start.mutate(undefined, {
      onSuccess: () => setSaid(null),
      onError: (error) =>
        toast.error('No step yet', { description: serverMessageOr(error, 'Please try again in a moment.') }),
    });

  return (
    <Card className="gap-4" aria-labelledby="next-step-title">
      <CardHeader>
        <CardTitle id="next-step-title" className="flex items-center gap-2">
          <Footprints aria-hidden="true" className="text-primary size-5" />
          Your next step
        </CardTitle>
        <CardDescription>One small, concrete step at a time, chosen for your focus area.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {steps.isPending ? (
          <Skeleton className="h-20" />
        ) : steps.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-muted-foreground text-sm">Your steps could not be loaded just now.</p>
            <Button size="sm" variant="outline" onClick={() => void steps.refetch()}>
              Try again
            </Button>
          </div>
        ) : current ? (
          <>
            {followsAMiss(steps.data) && <p className="text-muted-foreground text-sm">{STEP_NOT_DONE_LINE}</p>}
            <figure className="bg-panel-sage/50 grid gap-2 rounded-lg border p-4">
              <blockquote className="text-lg leading-snug font-medium text-balance">{stepSentence(current)}</blockquote>
              <figcaption className="flex flex-wrap gap-1.5">
                {current.size < 3 && <Badge variant="outline">{STEP_SIZE_LABELS[current.size]} step</Badge>}
                {current.status === 'accepted' && <Badge variant="secondary">You took this on</Badge>}
              </figcaption>
            </figure>
            <StepButtons step={current} onAnswered={(action) => setSaid(lineAfter(action))} />
          </>
        ) : (
          <div className="grid justify-items-start gap-3">
            <p className="text-muted-foreground text-sm">
              {steps.data.history.length
                ? 'Ready for another? Your next step will appear here and in your chat.'
                : 'Start with one small step. It will appear here and in your chat with your coach.'}
            </p>
            <Button onClick={startSteps} busy={start.isPending}>
              {steps.data.history.length ? 'Get my next step' : 'Get my first step'}
            </Button>
          </div>
        )}
        <p role="status" className="text-sm empty:hidden">
          {said}
        </p>
      </CardContent>
    </Card>
  );
}
