import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';

type Option = string | { value: string; label: string };

interface ChoiceGroupProps {
  question: string;
  /** A short instruction after the question ("Choose one."), part of the group's name. */
  hint?: string;
  /** Radio buttons for one answer (the default), checkboxes for any number. */
  type?: 'radio' | 'checkbox';
  options: readonly Option[];
  registration: UseFormRegisterReturn;
  error?: string;
  /** A few short answers side by side (Yes/No), or longer ones in a grid. */
  layout?: 'row' | 'grid';
}

const valueOf = (option: Option) => (typeof option === 'string' ? option : option.value);
const labelOf = (option: Option) => (typeof option === 'string' ? option : option.label);

/**
 * The one way to ask a question answered by picking from a few options, as
 * native radio buttons or checkboxes (keyboard and form behaviour for free),
 * registered with react-hook-form; the question names the group and the error
 * is linked to it for assistive technology.
 */
export function ChoiceGroup({
  question,
  hint,
  type = 'radio',
  options,
  registration,
  error,
  layout = 'row',
}: ChoiceGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div
      role={type === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={`${id}-question`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={Boolean(error) || undefined}
      aria-required={type === 'radio' || undefined}
      className="grid gap-2"
    >
      <p id={`${id}-question`} className="text-sm font-medium">
        {question} {hint && <span className="text-muted-foreground text-xs font-normal">{hint}</span>}
      </p>
      <div className={layout === 'row' ? 'flex flex-wrap gap-2' : 'grid gap-2 sm:grid-cols-2 lg:grid-cols-3'}>
        {options.map((option) => (
          <label
            key={valueOf(option)}
            className={cn(
              'hover:bg-muted/60 flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors',
              'has-checked:border-primary has-checked:bg-accent',
              layout === 'row' && 'min-w-20 flex-1',
              error && 'border-destructive',
            )}
          >
            <input type={type} value={valueOf(option)} className="accent-primary size-4 shrink-0" {...registration} />
            {labelOf(option)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
