import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';

interface ChoiceGroupProps {
  question: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A question answered with one of a few native radio buttons, its message linked for assistive technology. */
export function ChoiceGroup({ question, options, registration, error }: ChoiceGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-question`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={Boolean(error)}
      aria-required="true"
      className="grid gap-2"
    >
      <p id={`${id}-question`} className="text-sm font-medium">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-w-20 flex-1 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm transition-colors',
              'has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-ring/50 has-focus-visible:ring-[3px]',
              error && 'border-destructive',
            )}
          >
            <input type="radio" value={option.value} className="accent-primary size-4" {...registration} />
            {option.label}
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
