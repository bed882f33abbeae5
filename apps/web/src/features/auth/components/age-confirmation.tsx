import { useId, type ChangeEvent } from 'react';

interface AgeConfirmationProps {
  registration: {
    name: string;
    ref: (input: HTMLInputElement | null) => void;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  };
  error?: string;
  /** While the form sends: the box cannot change (a checkbox has no read-only state of its own). */
  readOnly?: boolean;
}

/**
 * "I confirm I am 18 or over" (issue 26): Calm Space is for adults (the terms
 * say so), and the sign-up asks rather than assumes. Required; the server
 * refuses a sign-up without it.
 */
export function AgeConfirmation({ registration, error, readOnly }: AgeConfirmationProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          value="yes"
          required
          aria-invalid={Boolean(error)}
          aria-describedby={error ? messageId : undefined}
          className="accent-primary mt-0.5 size-4 shrink-0"
          onClick={readOnly ? (event) => event.preventDefault() : undefined}
          {...registration}
        />
        <label htmlFor={id} className="text-sm leading-5 font-medium">
          I confirm I am 18 or over
        </label>
      </div>
      {error && (
        <p id={messageId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
