import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@app/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { startTwoFactorSetup, verifyAuthenticatorCode } from '../../api/two-factor';
import { checkCode, CodeInput } from './code-input';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';

type Step = { name: 'password' } | { name: 'scan'; uri: string; codes: string[] } | { name: 'codes'; codes: string[] };

/** The key inside an otpauth URI, in groups of four as authenticator apps show it. */
function keyOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Setting up two-step sign-in (decision 047), for an admin before the admin
 * area or a member from their account card: the password, then the QR code
 * (and its key as text) and the first code from the app, then the recovery
 * codes, shown this once. `onDone` runs when the person has saved them; the
 * session has passed the factor from the first right code.
 */
export function TwoFactorSetup({ onDone, doneLabel }: { onDone: () => Promise<void> | void; doneLabel: string }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const codesHeading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form the focus was in: move it to their heading, so a screen reader reads on from there.
  useEffect(() => {
    if (step.name === 'codes') codesHeading.current?.focus();
  }, [step.name]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password.');
    void run(async () => {
      try {
        const started = await startTwoFactorSetup(password);
        setError(undefined);
        setStep({ name: 'scan', uri: started.totpURI, codes: started.backupCodes });
      } catch (failure) {
        setError(
          failure instanceof ApiError && failure.code === 'INVALID_PASSWORD'
            ? 'That password is not right. Please try again.'
            : serverMessageOr(failure, 'Please try again.'),
        );
      }
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'scan') return;
    const checked = checkCode('app', code);
    if ('error' in checked) return setError(checked.error);
    void run(async () => {
      try {
        await verifyAuthenticatorCode(checked.code);
        setError(undefined);
        setStep({ name: 'codes', codes: step.codes });
      } catch (failure) {
        setError(
          failure instanceof ApiError && failure.status === 401
            ? 'That code is not right. Check that the time on your phone is set automatically, then try the new code.'
            : serverMessageOr(failure, 'Please try again.'),
        );
      }
    });
  };

  if (step.name === 'password') {
    return (
      <form noValidate onSubmit={submitPassword} className="grid gap-5" aria-labelledby={headingId}>
        <h2 id={headingId} className="font-heading text-lg font-semibold">
          Confirm it is you
        </h2>
        <FormField label="Password" error={error}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              autoFocus
              readOnly={busy}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" busy={busy}>
          {busy ? 'Checking...' : 'Continue'}
        </Button>
      </form>
    );
  }

  if (step.name === 'scan') {
    return (
      <form noValidate onSubmit={submitCode} className="grid gap-5" aria-labelledby={headingId}>
        <h2 id={headingId} className="font-heading text-lg font-semibold">
          Add {PRODUCT_NAME} to your authenticator app
        </h2>
        <p className="text-muted-foreground text-sm">
          Scan this code with an app such as Google Authenticator, Microsoft Authenticator or 1Password.
        </p>
        <div className="flex justify-center">
          <QrCode value={step.uri} label={`QR code to add ${PRODUCT_NAME} to an authenticator app`} />
        </div>
        <div className="grid gap-1">
          <p className="text-sm font-medium">Or type this key into the app</p>
          <code className="bg-muted rounded-md px-3 py-2 font-mono text-sm break-all" aria-label="Setup key">
            {keyOf(step.uri)}
          </code>
        </div>
        <FormField label="Code from the app" error={error} hint="The 6 digits it shows for Calm Space.">
          {(control) => <CodeInput kind="app" control={control} value={code} onChange={setCode} readOnly={busy} />}
        </FormField>
        <Button type="submit" busy={busy}>
          {busy ? 'Checking...' : 'Turn on two-step sign-in'}
        </Button>
      </form>
    );
  }

  return (
    <section className="grid gap-5" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-heading text-lg font-semibold" tabIndex={-1} ref={codesHeading}>
        Save your recovery codes
      </h2>
      <p className="text-muted-foreground text-sm">
        Two-step sign-in is on. If you lose your phone, each of these codes signs you in once in place of the app. Keep
        them somewhere safe, away from your phone: they are shown only now.
      </p>
      <RecoveryCodes codes={step.codes} />
      <Button type="button" busy={busy} onClick={() => void run(async () => onDone())}>
        {doneLabel}
      </Button>
    </section>
  );
}
