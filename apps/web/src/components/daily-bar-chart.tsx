import { format, parseISO } from 'date-fns';
import { cn } from '@/lib/cn';

/** Every how many days a date is written under the bars. */
const LABEL_EVERY = 7;

/**
 * Bars of one count per day (dates yyyy-MM-dd, oldest first), labelled every
 * seventh day; pointing at a bar shows its day and count. Plain HTML boxes,
 * not a charting library: the one it replaced cost every dashboard 105 KB of
 * gzipped script and an animation of every bar. Hidden from assistive
 * technology, so the screen using it must state the same facts in text.
 */
export function DailyBarChart({
  days,
  unit,
  className,
}: {
  days: { date: string; count: number }[];
  /** What a bar counts, for one and for several, shown when a bar is pointed at: ['message', 'messages']. */
  unit: readonly [one: string, many: string];
  /** The chart's height, as a Tailwind class. */
  className: string;
}) {
  const highest = Math.max(1, ...days.map((day) => day.count));
  const dayLabel = (date: string) => format(parseISO(date), 'd MMM');
  return (
    <div aria-hidden="true" data-testid="daily-bar-chart" className={cn('flex w-full flex-col gap-2 px-3', className)}>
      <div className="border-border flex min-h-0 flex-1 items-end gap-px border-b">
        {days.map((day, i) => (
          <div key={day.date} className="group hover:bg-muted relative flex h-full flex-1 items-end rounded-sm">
            <div
              data-testid="daily-bar"
              data-count={day.count}
              className="bg-primary w-full rounded-sm"
              style={{ height: `${(day.count / highest) * 100}%` }}
            />
            {/* Opens towards the middle, so the first and last days' stay inside the card. */}
            <div
              className={cn(
                'bg-popover text-popover-foreground pointer-events-none absolute bottom-full z-10 mb-1 hidden rounded-lg border px-2 py-1 text-xs whitespace-nowrap shadow-sm group-hover:block',
                i < days.length / 2 ? 'left-0' : 'right-0',
              )}
            >
              {dayLabel(day.date)} · {day.count} {day.count === 1 ? unit[0] : unit[1]}
            </div>
          </div>
        ))}
      </div>
      <div className="text-muted-foreground flex gap-px text-[11px]">
        {days.map((day, i) => (
          <div key={day.date} className="relative h-4 flex-1">
            {i % LABEL_EVERY === 0 && (
              <span className="absolute left-1/2 -translate-x-1/2 whitespace-nowrap">{dayLabel(day.date)}</span>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
