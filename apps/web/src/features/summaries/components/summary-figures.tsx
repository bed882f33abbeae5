import type { WeeklySummaryNumbers } from '@app/shared';
import { cn } from '@/lib/cn';
import { summaryFigures } from '../lib/summary-format';

/** The week's numbers as a list of labelled figures (a `dl`, so each label is read with its value). */
export function SummaryFigures({ numbers, compact = false }: { numbers: WeeklySummaryNumbers; compact?: boolean }) {
  return (
    <dl className={cn('grid gap-2', compact ? 'grid-cols-2 text-xs' : 'grid-cols-2 sm:grid-cols-3')}>
      {summaryFigures(numbers).map((figure) => (
        <div
          key={figure.label}
          className={cn('bg-muted/50 grid gap-0.5 rounded-lg border', compact ? 'px-2 py-1.5' : 'p-3')}
        >
          <dt className="text-muted-foreground text-xs">{figure.label}</dt>
          <dd className={cn('font-semibold', compact ? 'text-sm' : 'text-base')}>{figure.value}</dd>
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
