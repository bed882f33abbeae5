import { Skeleton } from '@/components/ui/skeleton';
import { useWeeklySummary } from '../api/summaries';
import { weekLabel } from '../lib/summary-format';
import { SummaryFigures } from './summary-figures';
import { YOUR_WEEK_ANCHOR } from './weekly-summary-card';

/**
 * A weekly summary in the chat: the week's numbers as a compact card under
 * the summary's message, with a link to "Your week" on the dashboard (where
 * the earlier weeks are kept). The message itself carries the words.
 */
export function SummaryInChat({ summaryId }: { summaryId: string }) {
  const summary = useWeeklySummary(summaryId);
  // A demo visitor's chat has no summaries on the server to read.
  if (summary.fetchStatus === 'idle' && summary.isPending) return null;
  if (summary.isPending) return <Skeleton className="mt-2 h-14 w-full" aria-label="Loading your week’s numbers" />;
  // Not found (an older message, a demo) or not available: the message's words stand on their own.
  if (summary.isError) return null;
  return (
    <section aria-label={`Your week in numbers, ${weekLabel(summary.data)}`} className="mt-2 grid gap-2">
      <SummaryFigures numbers={summary.data.numbers} compact />
      <a href={`#${YOUR_WEEK_ANCHOR}`} className="text-primary text-xs font-medium underline-offset-4 hover:underline">
        See your week and earlier weeks
      </a>
    </section>
  );
}
