import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { verifyAuthenticatorCode, verifyRecoveryCode } from '../../api/two-factor';
import { checkCode, CodeInput, type CodeKind } from './code-input';

/** better-auth's answers when the sign-in itself is over: its cookie expired, or five wrong codes. */
const SIGN_IN_OVER = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

/**
 * The second step of signing in, after a right password (decision 047): the
 * code from the authenticator app, or one of the recovery codes. `onVerified`
 * runs once the session exists; `onRestart` goes back to the password.
 */
export function SecondFactorStep({
  onVerified,
  onRestart,
}: {
  onVerified: () => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [kind, setKind] = useState<CodeKind>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCode(kind, code);
    if ('error' in checked) return setError(checked.error);
    setBusy(true);
    try {
      await (kind === 'app' ? verifyAuthenticatorCode(checked.code) : verifyRecoveryCode(checked.code));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code && SIGN_IN_OVER.has(failure.code)) {
        return onRestart(serverMessageOr(failure, 'Please sign in again.'));
      }
      return setError(
        failure instanceof ApiError && failure.status === 401
          ? kind === 'app'
            ? 'That code is not right. Try the new code your app shows.'
            : 'That recovery code is not right, or it was used before.'
          : serverMessageOr(failure, 'Please try again.'),
      );
    }
    await onVerified();
    setBusy(false);
  };

  const switchKind = () => {
    setKind(kind === 'app' ? 'recovery' : 'app');
    setCode('');
    setError(undefined);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <h2 id={headingId} className="font-heading text-lg font-semibold">
          Two-step sign-in
        </h2>
        <p className="text-muted-foreground text-sm">
          {kind === 'app'
            ? 'Open your authenticator app and type the 6-digit code it shows for Calm Space.'
            : 'Type one of the recovery codes you saved when you turned on two-step sign-in. Each works once.'}
        </p>
      </div>
      <FormField key={kind} label={kind === 'app' ? 'Authentication code' : 'Recovery code'} error={error}>
        {(control) => (
          <CodeInput kind={kind} control={control} value={code} onChange={setCode} readOnly={busy} autoFocus />
        )}
      </FormField>
      <Button type="submit" size="lg" busy={busy} className="w-full">
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <Button type="button" variant="link" className="h-auto justify-self-center p-0" onClick={switchKind}>
        {kind === 'app' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </Button>
    </form>
  );
}
