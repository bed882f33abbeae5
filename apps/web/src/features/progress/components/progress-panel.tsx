import { Activity, CalendarCheck, Flame, Lightbulb, MessageCircle } from 'lucide-react';
import { ACTIVITY_WINDOW_DAYS, type ProfileAnalyticsDto } from '@app/shared';
import { DailyBarChart } from '@/components/daily-bar-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Figure({ icon: Icon, label, value }: { icon: typeof Flame; label: string; value: string }) {
  return (
    <div className="bg-muted/50 grid gap-0.5 rounded-lg border p-3">
      <dt className="text-muted-foreground flex items-center gap-2 text-xs">
        <Icon aria-hidden="true" className="text-primary size-4 shrink-0" />
        {label}
      </dt>
      <dd className="truncate font-semibold">{value}</dd>
    </div>
  );
}

/** Your progress: the 30-day activity figures and a small chart (the messages are in the coach chat beside it). */
export function ProgressPanel({
  analytics,
  failed,
  showCredits = true,
}: {
  analytics: ProfileAnalyticsDto | undefined;
  failed: boolean;
  /** The credits gauge; left out for a member whose plan is unlimited (decision 065). */
  showCredits?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your progress</CardTitle>
        <CardDescription>The last {ACTIVITY_WINDOW_DAYS} days at a glance.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {failed ? (
          <p className="text-muted-foreground text-sm">
            Your activity isn&apos;t available just now. Please try again later.
          </p>
        ) : !analytics ? (
          <div className="grid gap-3" aria-hidden="true">
            <Skeleton className="h-32" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <Figure icon={Flame} label="Streak" value={plural(analytics.streak_days, 'day', 'days')} />
              <Figure
                icon={CalendarCheck}
                label="Active days"
                value={`${analytics.active_days} of ${ACTIVITY_WINDOW_DAYS}`}
              />
              <Figure icon={Lightbulb} label="Reflections" value={String(analytics.total_reflections)} />
              <Figure icon={MessageCircle} label="Messages" value={String(analytics.total_messages)} />
            </dl>
            {showCredits && (
              <div className="grid gap-2">
                <p className="text-sm font-medium">
                  {analytics.credits_used} of {analytics.total_credits} credits used
                </p>
                <Progress
                  value={analytics.total_credits ? (analytics.credits_used / analytics.total_credits) * 100 : 0}
                  aria-label="Credits used"
                />
                {/* Credits never start a conversation, so unused credits beside a used trial are no contradiction:
                  say so, in the words of the connect card and /subscription (decision 034). */}
                <p className="text-muted-foreground text-xs">
                  Credits are separate from conversations: your plan decides how many you can start.
                </p>
              </div>
            )}
            <figure className="grid gap-2">
              <figcaption className="flex items-center gap-2 text-sm font-medium">
                <Activity aria-hidden="true" className="text-primary size-4" />
                Daily activity
              </figcaption>
              <p className="sr-only">
                {analytics.active_days === 0
                  ? `No activity in the last ${ACTIVITY_WINDOW_DAYS} days.`
                  : `Active on ${plural(analytics.active_days, 'day', 'days')} of the last ${ACTIVITY_WINDOW_DAYS}, with a current streak of ${plural(analytics.streak_days, 'day', 'days')}.`}
              </p>
              <DailyBarChart
                days={analytics.activity.map((day) => ({
                  date: day.date,
                  count: day.reflections + day.messages + day.checkins,
                }))}
                unit={['activity', 'activities']}
                className="h-32"
              />
            </figure>
          </>
        )}
      </CardContent>
    </Card>
  );
}
