import { useState } from 'react';
import { ClipboardList, MessageSquare, TrendingUp } from 'lucide-react';
import type { AdminTrackerFeedbackDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { serverMessageOr } from '@/lib/api';
import { useAdminTrackerFeedback } from '../api/admin-tracker-feedback';
import { TrackerFeedbackDetailsDialog } from './tracker-feedback-details-dialog';

const memberName = (feedback: AdminTrackerFeedbackDto) => feedback.user_name?.trim() || 'Anonymous User';

/** Tracker Feedback (docs/product.md#admin-back-office): the three cards, method preferences, and the comments. */
export function TrackerFeedbackScreen() {
  const [page, setPage] = useState(1);
  const overview = useAdminTrackerFeedback(page);
  const [viewing, setViewing] = useState<AdminTrackerFeedbackDto | null>(null);
  const header = (
    <AdminPageHeader
      title="Tracker Feedback"
      description="How members would like to track their progress, and what else they told us."
    />
  );

  if (overview.isPending) {
    return (
      <>
        {header}
        <p role="status" className="sr-only">
          Loading tracker feedback...
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      </>
    );
  }
  if (overview.isError) {
    return (
      <>
        {header}
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-destructive">{serverMessageOr(overview.error, 'Failed to fetch tracker feedback')}</p>
          <Button variant="outline" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  }

  const data = overview.data;
  return (
    <>
      {header}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <StatCard label="Total Submissions" value={data.total_submissions} icon={ClipboardList} />
        <StatCard label="Comments" value={data.comment_count} icon={MessageSquare} />
        <StatCard label="Most Popular" value={data.most_popular} icon={TrendingUp} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Tracking Method Preferences</CardTitle>
          </CardHeader>
          <CardContent>
            {data.methods.length === 0 ? (
              <p className="text-muted-foreground text-sm">No feedback data available yet</p>
            ) : (
              <ul className="grid gap-4">
                {data.methods.map((m) => (
                  <li key={m.method} className="grid gap-1.5">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="font-medium">{m.method}</span>
                      <span className="text-muted-foreground tabular-nums">
                        {m.count} ({m.percentage}%)
                      </span>
                    </div>
                    <Progress value={m.percentage} aria-label={`${m.method}: ${m.percentage}%`} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Additional Feedback Comments</CardTitle>
          </CardHeader>
          <CardContent>
            {data.comments.items.length === 0 ? (
              <p className="text-muted-foreground text-sm">No comments yet</p>
            ) : (
              <ul className="grid gap-4">
                {data.comments.items.map((feedback) => (
                  <li key={feedback.id} className="grid gap-2 rounded-lg border p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-medium">{memberName(feedback)}</p>
                      <RelativeTime value={feedback.created_at} className="text-muted-foreground text-xs" />
                    </div>
                    <p className="text-sm whitespace-pre-wrap break-words">{feedback.additional_thoughts}</p>
                    <Button
                      variant="outline"
                      size="sm"
                      className="justify-self-start"
                      onClick={() => setViewing(feedback)}
                      aria-label={`View Details: ${memberName(feedback)}`}
                    >
                      View Details
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Pager
              page={data.comments.page}
              pageSize={data.comments.page_size}
              total={data.comments.total}
              onPageChange={setPage}
              label="comments"
            />
          </CardContent>
        </Card>
      </div>

      <TrackerFeedbackDetailsDialog
        feedback={viewing}
        memberName={viewing ? memberName(viewing) : ''}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
