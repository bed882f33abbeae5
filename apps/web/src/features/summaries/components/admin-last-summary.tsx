import { Skeleton } from '@/components/ui/skeleton';
import { useMemberLastSummary } from '../api/summaries';
import { weekLabel } from '../lib/summary-format';
import { SummaryFigures, SummaryText } from './summary-figures';

/**
 * "Last summary" of one member for the admin (issue 27, the admin view): the
 * latest weekly summary's numbers and text, for the user card and the
 * conversation pane.
 */
export function AdminLastSummary({ memberId }: { memberId: string }) {
  const summary = useMemberLastSummary(memberId);
  return (
    <section aria-labelledby={`last-summary-${memberId}`} className="grid gap-2">
      <h3 id={`last-summary-${memberId}`} className="text-sm font-medium">
        Last summary
        {summary.data && (
          <span className="text-muted-foreground font-normal"> · week of {weekLabel(summary.data)}</span>
        )}
      </h3>
      {summary.isPending ? (
        <Skeleton className="h-16 w-full" aria-label="Loading the last summary" />
      ) : summary.isError ? (
        <p className="text-muted-foreground text-sm">The last summary isn&apos;t available just now.</p>
      ) : !summary.data ? (
        <p className="text-muted-foreground text-sm">No weekly summary yet.</p>
      ) : (
        <>
          <SummaryFigures numbers={summary.data.numbers} compact />
          <SummaryText text={summary.data.text} className="text-muted-foreground text-xs" />
        </>
      )}
    </section>
  );
}
