import { useId } from 'react';
import { Activity } from 'lucide-react';
import { CHECKIN_CHART_DAYS, CHECKIN_SCORE_MAX } from '@app/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { averageScore, checkinDays, shortDate } from '@/lib/checkin-days';
import { useMemberCheckins } from '../api/member-checkins';
import { checkinScheduleInWords, otherMessagesInWords } from '../lib/schedule-in-words';
import { Sparkline } from './sparkline';

/**
 * A member's check-ins for their coach (decision 058), on the Users card and
 * beside the conversation: the last 30 days as a sparkline, the last answer
 * and its date, the average, and when the check-ins are asked, in words.
 */
export function MemberCheckinsPanel({ memberId }: { memberId: string }) {
  const id = useId();
  const result = useMemberCheckins(memberId);
  return (
    // A group, not a region: one per card would make many landmarks of the same name.
    <div role="group" aria-labelledby={id} className="bg-muted/30 grid gap-2 rounded-lg border p-3 text-sm">
      <h3 id={id} className="flex items-center gap-2 font-medium">
        <Activity aria-hidden="true" className="text-primary size-4" />
        Check-ins
      </h3>
      {result.isPending ? (
        <Skeleton className="h-10 w-full" aria-label="Loading check-ins" />
      ) : result.isError ? (
        <p className="text-muted-foreground">Check-ins couldn&apos;t be loaded.</p>
      ) : (
        <CheckinsSummary {...result.data} />
      )}
    </div>
  );
}

function CheckinsSummary({ checkins, settings }: NonNullable<ReturnType<typeof useMemberCheckins>['data']>) {
  const last = checkins.at(-1);
  const average = averageScore(checkins);
  const other = otherMessagesInWords(settings);
  return (
    <>
      {last && average !== null ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Sparkline days={checkinDays(checkins, CHECKIN_CHART_DAYS)} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt className="text-muted-foreground">Last</dt>
            <dd>
              <span className="font-semibold tabular-nums">{last.score}</span>
              <span className="text-muted-foreground"> / {CHECKIN_SCORE_MAX}</span>,{' '}
              {shortDate(new Date(last.created_at))}
            </dd>
            <dt className="text-muted-foreground">Average</dt>
            <dd>
              <span className="font-semibold tabular-nums">{average}</span>
              <span className="text-muted-foreground">
                {' '}
                over {checkins.length === 1 ? '1 check-in' : `${checkins.length} check-ins`} in {CHECKIN_CHART_DAYS}{' '}
                days
              </span>
            </dd>
          </dl>
        </div>
      ) : (
        <p className="text-muted-foreground">No check-ins in the last {CHECKIN_CHART_DAYS} days.</p>
      )}
      {last?.note && <p className="break-words">Last note: “{last.note}”</p>}
      <p>
        <span className="text-muted-foreground">Schedule: </span>
        {checkinScheduleInWords(settings)}
      </p>
      {other && <p className="text-muted-foreground">{other}</p>}
    </>
  );
}
