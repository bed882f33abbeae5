import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSmallForm } from '@/lib/small-form';
import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/lazy-toast';
import { SIGN_IN_LOCKED_CODE } from '@app/shared';
import type { SignInInput } from '@app/shared/auth-schemas';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailField } from '@/components/ui/email-field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { useHydrated } from '@/lib/use-hydrated';
import { signIn } from '../api/sign-in';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

// Only accounts with two-step sign-in need it: loaded when the server asks for the code (decision 047).
const SecondFactorStep = lazy(() =>
  import('./two-factor/second-factor-step').then((module) => ({ default: module.SecondFactorStep })),
);

/** One id, so a later success can take an earlier failure's toast away. */
const SIGN_IN_ERROR_TOAST = 'sign-in-error';

interface SignInFormProps {
  defaultEmail?: string;
  /** Runs after the session exists; the form stays busy until it settles. */
  onSignedIn: () => Promise<void>;
  onForgotPassword: (email: string) => void;
}

// zod and the schema load with the first validation: /auth shows its forms at once (decision 037).
const resolver = lazyZodResolver<SignInInput>(() =>
  import('@app/shared/auth-schemas').then((schemas) => schemas.signInSchema),
);

export function SignInForm({ defaultEmail = '', onSignedIn, onForgotPassword }: SignInFormProps) {
  const form = useSmallForm<SignInInput>({
    resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;
  // The account is locked for a while: say so until the next try, with the way out.
  const [locked, setLocked] = useState<string | null>(null);
  // The password was right and the account has two-step sign-in: ask for the code.
  const [codeAsked, setCodeAsked] = useState(false);
  const forgotPassword = () => onForgotPassword(form.getValues('email'));

  const onSubmit = async (values: SignInInput) => {
    setLocked(null);
    try {
      const answer = await signIn(values);
      if ('twoFactorRedirect' in answer) {
        toast.dismiss(SIGN_IN_ERROR_TOAST);
        setCodeAsked(true);
        return;
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === SIGN_IN_LOCKED_CODE) setLocked(error.message);
      toast.error('Sign In Failed', {
        id: SIGN_IN_ERROR_TOAST,
        description: serverMessageOr(error, 'Please check your credentials and try again.'),
      });
      return;
    }
    // The failure toast of an earlier try is out of date now.
    toast.dismiss(SIGN_IN_ERROR_TOAST);
    await onSignedIn();
  };

  const hydrated = useHydrated();
  if (codeAsked) {
    return (
      <Suspense fallback={<p role="status">Loading...</p>}>
        <SecondFactorStep
          onVerified={onSignedIn}
          onRestart={(message) => {
            setCodeAsked(false);
            toast.error('Please sign in again', { id: SIGN_IN_ERROR_TOAST, description: message });
          }}
        />
      </Suspense>
    );
  }
  return (
    <form ref={formRef} noValidate method="post" onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <EmailField registration={form.register('email')} error={errors.email?.message} readOnly={isSubmitting} />
      <FormField
        label="Password"
        error={errors.password?.message}
        labelAction={
          <button
            type="button"
            // A click before the pre-rendered page comes alive would be lost.
            disabled={!hydrated}
            onClick={forgotPassword}
            className="text-primary focus-visible:ring-ring/50 rounded-sm text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
          >
            Forgot password?
          </button>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            readOnly={isSubmitting}
            {...form.register('password')}
          />
        )}
      </FormField>
      {locked && (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{locked}</p>
            <Button type="button" variant="link" className="h-auto p-0" onClick={forgotPassword}>
              Reset your password
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <Button type="submit" size="lg" busy={isSubmitting} disabled={!hydrated} className="w-full">
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
