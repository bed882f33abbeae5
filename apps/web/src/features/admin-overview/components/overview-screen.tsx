import { useEffect } from 'react';
import { toast } from 'sonner';
import { ACTIVITY_WINDOW_DAYS, type DailyCountDto } from '@app/shared';
import { DailyBarChart } from '@/components/daily-bar-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminOverview } from '../api/get-overview';
import { RecentActivityTable } from './recent-activity-table';
import { StatCards } from './stat-cards';

function ChartCard({
  title,
  days,
  unit,
}: {
  title: string;
  days: DailyCountDto[] | undefined;
  unit: readonly [one: string, many: string];
}) {
  const total = days?.reduce((sum, d) => sum + d.count, 0);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>
          {total === undefined
            ? 'Loading...'
            : `${total.toLocaleString('en-GB')} ${total === 1 ? unit[0] : unit[1]} in the last ${ACTIVITY_WINDOW_DAYS} days`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {days ? <DailyBarChart days={days} unit={unit} className="h-40" /> : <Skeleton className="h-40 w-full" />}
      </CardContent>
    </Card>
  );
}

/** The admin overview (docs/product.md#admin-back-office): figures, two charts and the latest activity. */
export function OverviewScreen() {
  const overview = useAdminOverview();

  useEffect(() => {
    if (overview.isError) toast.error('Error', { description: 'Failed to load analytics data.' });
  }, [overview.isError]);

  return (
    // grid-cols-1 is minmax(0, 1fr): the wide table scrolls inside its card instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <StatCards overview={overview.data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title="Sign-ups per day" days={overview.data?.signups_per_day} unit={['sign-up', 'sign-ups']} />
        <ChartCard
          title="Member messages per day"
          days={overview.data?.member_messages_per_day}
          unit={['message', 'messages']}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Recent Activity</CardTitle>
          <CardDescription>The latest sign-ups, reflections and messages, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {overview.data ? (
            <RecentActivityTable items={overview.data.recent_activity} />
          ) : overview.isError ? (
            <p className="text-muted-foreground py-6 text-center text-sm">Failed to load analytics data.</p>
          ) : (
            <div className="grid gap-2" role="status" aria-label="Loading recent activity">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-9 w-full" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
