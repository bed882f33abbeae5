import type { ComponentProps } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface EmailFieldProps {
  /** What the form's `register(name)` gives: react-hook-form's or a small form's (lib/small-form.ts). */
  registration: Pick<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur' | 'ref'>;
  error?: string;
  /** While the form is sending: the field keeps focus but takes no typing. */
  readOnly?: boolean;
  autoFocus?: boolean;
}

/** The "Email" field of every form that asks for an address, labelled the same way everywhere. */
export function EmailField({ registration, error, readOnly, autoFocus }: EmailFieldProps) {
  return (
    <FormField label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          autoFocus={autoFocus}
          readOnly={readOnly}
          {...registration}
        />
      )}
    </FormField>
  );
}
