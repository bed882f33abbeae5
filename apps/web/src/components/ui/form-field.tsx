import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** What a field's control needs to be labelled and to point at its messages. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The validation message shown under the field. */
  error?: string;
  /** A hint shown under the field while it is valid. */
  hint?: ReactNode;
  /**
   * Content on the label's line, at the far end (a "Forgot password?" link,
   * say). It comes after the control in the page's order, so Tab goes from the
   * field before to this field, then to the action (Email → Password →
   * "Forgot password?"), while it still sits beside the label.
   */
  labelAction?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control and message wired together for assistive technology. */
export function FormField({ label, error, hint, labelAction, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cn('grid grid-cols-[1fr_auto] gap-x-2 gap-y-2 *:col-span-2', className)}>
      <Label htmlFor={id} className="col-span-1! row-start-1 min-h-5">
        {label}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': message ? messageId : undefined })}
      {labelAction && <div className="col-span-1! col-start-2 row-start-1 flex items-center">{labelAction}</div>}
      {message && (
        <p id={messageId} className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
          {message}
        </p>
      )}
    </div>
  );
}
