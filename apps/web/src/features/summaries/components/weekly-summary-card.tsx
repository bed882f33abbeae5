import { useId, useState } from 'react';
import { CalendarRange, ChevronDown } from 'lucide-react';
import type { WeeklySummaryDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useWeeklySummaries } from '../api/summaries';
import { weekLabel } from '../lib/summary-format';
import { SummaryFigures, SummaryText } from './summary-figures';

/** Where the summary in the chat links to (the card's own id on the dashboard). */
export const YOUR_WEEK_ANCHOR = 'your-week';

/**
 * "Your week" on the dashboard (decision 058, "Weekly summaries"): the latest
 * weekly summary's numbers and words, and the earlier weeks kept to look back on.
 */
export function WeeklySummaryCard() {
  const summaries = useWeeklySummaries();
  const [latest, ...earlier] = summaries.data ?? [];
  return (
    // tabIndex -1: the chat's "See your week" link moves focus here, not only the scroll position.
    <Card
      id={YOUR_WEEK_ANCHOR}
      tabIndex={-1}
      role="region"
      aria-labelledby="your-week-title"
      className="scroll-mt-6 outline-none"
    >
      <CardHeader>
        <CardTitle id="your-week-title" className="flex items-center gap-2">
          <CalendarRange aria-hidden="true" className="text-primary size-5" />
          Your week
        </CardTitle>
        <CardDescription>
          {latest
            ? weekLabel(latest)
            : 'A short look back at your week: check-ins, steps and reflections, one win and one next step.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {summaries.isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading your week" />
        ) : summaries.isError ? (
          <p className="text-muted-foreground text-sm">
            Your week isn&apos;t available just now. Please refresh the page to try again.
          </p>
        ) : !latest ? (
          <p className="text-muted-foreground text-sm">
            Your first summary arrives at the end of your first week, on the day you chose. There&apos;s nothing you
            need to do for it.
          </p>
        ) : (
          <>
            <SummaryFigures numbers={latest.numbers} />
            <SummaryText text={latest.text} />
            {earlier.length > 0 && <EarlierWeeks summaries={earlier} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The kept summaries before the latest: one disclosure for the list, one for each week in it. */
function EarlierWeeks({ summaries }: { summaries: WeeklySummaryDto[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="grid gap-2 border-t pt-4">
      <Button
        type="button"
        variant="ghost"
        className="justify-between px-2"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        Earlier weeks ({summaries.length})
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </Button>
      <ul id={listId} hidden={!open} className="grid gap-2">
        {summaries.map((summary) => (
          <EarlierWeek key={summary.id} summary={summary} />
        ))}
      </ul>
    </div>
  );
}

function EarlierWeek({ summary }: { summary: WeeklySummaryDto }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="rounded-lg border">
      <button
        type="button"
        className="hover:bg-muted/50 focus-visible:ring-ring flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium focus-visible:ring-2 focus-visible:outline-none"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Week of {weekLabel(summary)}
        <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={panelId} hidden={!open} className="grid gap-3 px-3 pb-3">
        <SummaryFigures numbers={summary.numbers} compact />
        <SummaryText text={summary.text} className="text-muted-foreground" />
      </div>
    </li>
  );
}
