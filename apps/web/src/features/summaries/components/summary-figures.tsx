import type { WeeklySummaryNumbers } from '@app/shared';
import { cn } from '@/lib/cn';
import { summaryFigures } from '../lib/summary-format';

/**
 * The week's numbers as labelled figures (a `dl`, so each label is read with
 * its value): tiles on the dashboard card, small chips where space is short
 * (under a chat message, in the admin's panes).
 */
export function SummaryFigures({ numbers, compact = false }: { numbers: WeeklySummaryNumbers; compact?: boolean }) {
  if (compact) {
    return (
      <dl className="flex flex-wrap gap-1.5 text-xs">
        {summaryFigures(numbers).map((figure) => (
          <div key={figure.label} className="bg-background/70 flex gap-1 rounded-full border px-2 py-0.5">
            <dt className="text-muted-foreground">{figure.label}</dt>
            <dd className="font-semibold">{figure.value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {summaryFigures(numbers).map((figure) => (
        <div key={figure.label} className="bg-muted/50 grid gap-0.5 rounded-lg border p-3">
          <dt className="text-muted-foreground text-xs">{figure.label}</dt>
          <dd className="text-base font-semibold">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The summary's prose, a paragraph per block as it was written. */
export function SummaryText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('grid gap-2 text-sm leading-relaxed', className)}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
