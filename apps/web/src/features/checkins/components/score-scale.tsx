import { CHECKIN_SCORE_MAX } from '@app/shared';
import { cn } from '@/lib/cn';

const SCORES = Array.from({ length: CHECKIN_SCORE_MAX + 1 }, (_, n) => n);

/** What the ends of the scale mean; the numbers between speak for themselves. */
const END_WORDS: Record<number, string> = { 0: 'calm', [CHECKIN_SCORE_MAX]: 'very stressed' };

interface ScoreScaleProps {
  /** The radios' shared name, unique on the page (a chat may show several check-ins). */
  name: string;
  value: number | null;
  onChange(score: number): void;
  /** The message under the scale, when it was left unanswered. */
  errorId?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * 0–10 as native radio buttons styled as buttons: the arrow keys move between
 * them, Tab leaves the group, and each is at least 44 px square on a phone.
 * Its names say what the ends mean ("0 — calm", "10 — very stressed").
 */
export function ScoreScale({ name, value, onChange, errorId, invalid, disabled }: ScoreScaleProps) {
  return (
    <div className="grid gap-1.5">
      <div className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1 sm:grid-cols-[repeat(auto-fill,minmax(2.25rem,1fr))]">
        {SCORES.map((score) => (
          <label
            key={score}
            className={cn(
              'border-input bg-background flex h-11 cursor-pointer items-center justify-center rounded-md border text-sm font-medium tabular-nums shadow-xs transition-colors sm:h-9',
              'hover:bg-accent has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px]',
              'has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
              invalid && 'border-destructive',
              disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              aria-invalid={invalid || undefined}
              aria-describedby={errorId}
              disabled={disabled}
            />
            {score}
            {END_WORDS[score] && (
              <>
                {' '}
                <span className="sr-only">— {END_WORDS[score]}</span>
              </>
            )}
          </label>
        ))}
      </div>
      <div aria-hidden="true" className="text-muted-foreground flex justify-between text-xs">
        <span>0 calm</span>
        <span>{CHECKIN_SCORE_MAX} very stressed</span>
      </div>
    </div>
  );
}
