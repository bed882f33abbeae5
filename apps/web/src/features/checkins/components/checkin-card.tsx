import { useRef, useState } from 'react';
import { Activity } from 'lucide-react';
import { toast } from 'sonner';
import { CHECKIN_CHART_DAYS, type CheckinDto } from '@app/shared';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCheckins } from '../api/checkins';
import { CheckinChart } from './checkin-chart';
import { CheckinForm } from './checkin-form';

const QUESTION = 'How stressed are you right now?';

/**
 * "How stressed you've felt" on the dashboard (decision 058): the last 30 days
 * of check-ins as a chart, and "Check in now" with the same 0–10 and note as
 * the chat. Before the first check-in it invites one. An answer here also
 * answers the check-in waiting in the chat, if one is.
 */
export function CheckinCard({
  onAnswered,
}: {
  /** After an answer is saved here: the dashboard reads its progress figures again (a check-in counts). */
  onAnswered?: () => unknown;
} = {}) {
  const checkins = useCheckins();
  const [formOpen, setFormOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const deliveryId = checkins.data?.open?.delivery_id ?? null;

  const thank = (checkin: CheckinDto) => {
    toast.success('Thank you for checking in', { description: `You answered ${checkin.score}.` });
    setFormOpen(false);
    void onAnswered?.();
    // The form goes: keyboard focus returns to the button that opened it.
    setTimeout(() => openButton.current?.focus());
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity aria-hidden="true" className="text-primary size-5" />
          How stressed you&apos;ve felt
        </CardTitle>
        <CardDescription>
          Your check-ins over the last {CHECKIN_CHART_DAYS} days, from 0 (calm) to 10 (very stressed).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {checkins.isPending ? (
          <Skeleton className="h-48 w-full" aria-label="Loading your check-ins" />
        ) : checkins.isError ? (
          <p className="text-muted-foreground text-sm">
            Your check-ins aren&apos;t available just now. Please refresh the page to try again.
          </p>
        ) : checkins.data.checkins.length === 0 ? (
          <>
            <EmptyState art="empty-reflections">
              No check-ins yet. A quick number now and then shows you how your weeks are going — start with how you feel
              right now.
            </EmptyState>
            <CheckinForm deliveryId={deliveryId} question={QUESTION} onAnswered={thank} />
          </>
        ) : (
          <>
            <CheckinChart checkins={checkins.data.checkins} days={CHECKIN_CHART_DAYS} />
            {formOpen ? (
              <div className="grid gap-3 rounded-lg border p-4">
                <CheckinForm deliveryId={deliveryId} question={QUESTION} onAnswered={thank} focusOnOpen />
                <Button
                  variant="ghost"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => {
                    setFormOpen(false);
                    setTimeout(() => openButton.current?.focus());
                  }}
                >
                  Not now
                </Button>
              </div>
            ) : (
              <Button
                ref={openButton}
                variant="outline"
                className="justify-self-start"
                onClick={() => setFormOpen(true)}
              >
                Check in now
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
