import { useEffect, useRef, useState } from 'react';
import { CircleCheck } from 'lucide-react';
import type { CheckinDto } from '@app/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { useCheckins } from '../api/checkins';
import { CheckinForm } from './checkin-form';

/**
 * The answer of one check-in in the chat (decision 058), under the coach's
 * question: 0–10 and a note while it waits; what the member answered once it
 * has an answer, here, on the dashboard or on WhatsApp (the same query as the
 * dashboard's chart, so both follow at once); a quiet line once it has passed.
 */
export function CheckinInChat({
  deliveryId,
  onAnswered,
}: {
  deliveryId: string;
  /** After this form's answer is saved: the dashboard reads its progress figures again (a check-in counts). */
  onAnswered?: () => unknown;
}) {
  const checkins = useCheckins();
  const [answeredHere, setAnsweredHere] = useState(false);

  if (checkins.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading the check-in" />;
  if (checkins.isError) {
    return <p className="text-muted-foreground text-xs">This check-in could not be loaded just now.</p>;
  }
  const answer = checkins.data.checkins.find((c) => c.delivery_id === deliveryId);
  if (answer) return <CheckinAnswer checkin={answer} takeFocus={answeredHere} />;
  if (checkins.data.open?.delivery_id !== deliveryId) {
    return (
      <p className="text-muted-foreground text-xs">
        This check-in has passed. You can check in whenever you like from your dashboard.
      </p>
    );
  }
  return (
    <div className="bg-background/70 mt-1 rounded-md border p-2.5">
      <CheckinForm
        deliveryId={deliveryId}
        question="How stressed are you right now?"
        questionShown
        onAnswered={() => {
          setAnsweredHere(true);
          void onAnswered?.();
        }}
      />
    </div>
  );
}

/** What the member answered; it takes keyboard focus when the form it replaced had it. */
function CheckinAnswer({ checkin, takeFocus }: { checkin: CheckinDto; takeFocus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} tabIndex={-1} className="bg-background/70 mt-1 grid gap-1 rounded-md border p-2.5 outline-none">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-primary inline-flex items-center gap-1 text-xs font-medium">
          <CircleCheck aria-hidden="true" className="size-3.5" />
          Answered
        </span>
        <span className="font-medium">You answered {checkin.score}</span>
      </p>
      {checkin.note && <p className="text-muted-foreground text-sm break-words">“{checkin.note}”</p>}
    </div>
  );
}
