import type { Ref } from 'react';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@app/shared';
import { Input } from '@/components/ui/input';
import type { FieldControlProps } from '@/components/ui/form-field';

export type CodeKind = 'app' | 'recovery';

/**
 * The field for a code: the authenticator's six digits (a numeric keypad on a
 * phone, and the one-time code a phone offers to fill in), or a recovery code.
 */
export function CodeInput({
  kind,
  control,
  value,
  onChange,
  readOnly,
  autoFocus,
  ref,
}: {
  kind: CodeKind;
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Input
      {...control}
      ref={ref}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      readOnly={readOnly}
      autoFocus={autoFocus}
      inputMode={kind === 'app' ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      className="font-mono tracking-widest"
    />
  );
}

/** The code as typed, tidied (spaces a person may add between groups), or a message saying what is wrong. */
export function checkCode(kind: CodeKind, typed: string): { code: string } | { error: string } {
  const code = typed.replace(/\s+/g, '');
  if (kind === 'app') return TOTP_CODE_PATTERN.test(code) ? { code } : { error: 'Enter the 6 digits your app shows.' };
  return RECOVERY_CODE_PATTERN.test(code) ? { code } : { error: 'A recovery code looks like abcde-12345.' };
}
