import type { IsoWeekday } from '@app/shared';
import { cn } from '@/lib/cn';
import { WEEKDAYS } from '../lib/weekdays';

interface WeekdayTogglesProps {
  legend: string;
  value: readonly IsoWeekday[];
  onChange(days: IsoWeekday[]): void;
  error?: string;
  errorId: string;
}

/** The days of the week as checkboxes that look like toggles: Space ticks one, Tab moves on. */
export function WeekdayToggles({ legend, value, onChange, error, errorId }: WeekdayTogglesProps) {
  const toggle = (day: IsoWeekday, on: boolean) =>
    onChange(on ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {WEEKDAYS.map(({ day, short, name }) => (
          <label
            key={day}
            className={cn(
              'border-input bg-background flex h-11 min-w-11 cursor-pointer items-center justify-center rounded-full border px-3 text-sm font-medium shadow-xs transition-colors sm:h-9',
              'hover:bg-accent has-[:focus-visible]:border-ring has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:ring-[3px]',
              'has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
              error && 'border-destructive',
            )}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={value.includes(day)}
              onChange={(event) => toggle(day, event.target.checked)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span aria-hidden="true">{short}</span>
            <span className="sr-only">{name}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
