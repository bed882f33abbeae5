import { useEffect } from 'react';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSmallForm } from '@/lib/small-form';
import { Link } from '@/lib/app-navigation';
import { toast } from '@/lib/lazy-toast';
import { MIN_PASSWORD_LENGTH, WEAK_PASSWORD_CODE } from '@app/shared';
import type { SignUpFormInput } from '@app/shared/auth-schemas';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailField } from '@/components/ui/email-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { signUp } from '../api/sign-up';
import { useHydrated } from '@/lib/use-hydrated';
import { usePasswordStrength, weakPasswordReason } from '../lib/password-hint';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { AgeConfirmation } from './age-confirmation';

const SIGN_UP_ERROR_TOAST = 'sign-up-error';

interface SignUpFormProps {
  /** Runs once the server has taken the request; what happens next is in the mail sent to `email`. */
  onRequested: (email: string) => void;
  /** A name and address the visitor already gave (the exit-intent offer's claim). */
  defaultValues?: { fullName: string; email: string };
}

// zod and the schema load with the first validation: /auth shows its forms at once (decision 037).
const resolver = lazyZodResolver<SignUpFormInput>(() =>
  import('@app/shared/auth-schemas').then((schemas) => schemas.signUpFormSchema),
);

export function SignUpForm({ onRequested, defaultValues }: SignUpFormProps) {
  const form = useSmallForm<SignUpFormInput>({
    resolver,
    // The age box starts unticked: '' until the person ticks it ('yes').
    defaultValues: {
      fullName: defaultValues?.fullName ?? '',
      email: defaultValues?.email ?? '',
      password: '',
      ageConfirmed: '' as SignUpFormInput['ageConfirmed'],
    },
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;
  const prefilled = !!defaultValues?.email;
  const { setFocus } = form;
  // Name and address came with the visitor (the exit offer): start where typing is left to do.
  useEffect(() => {
    if (prefilled) setFocus('password');
  }, [prefilled, setFocus]);
  const strength = usePasswordStrength(form.watch('password'), {
    email: form.watch('email'),
    name: form.watch('fullName'),
  });

  const onSubmit = async (values: SignUpFormInput) => {
    const weak = weakPasswordReason(values.password, { email: values.email, name: values.fullName });
    if (weak) {
      form.setError('password', { message: weak }, { shouldFocus: true });
      return;
    }
    try {
      await signUp(values);
    } catch (error) {
      // A reason that belongs to a field is said once, under that field (decision 033).
      if (error instanceof ApiError && error.code === WEAK_PASSWORD_CODE) {
        form.setError('password', { message: error.message }, { shouldFocus: true });
        return;
      }
      toast.error('Sign Up Failed', {
        id: SIGN_UP_ERROR_TOAST,
        description: serverMessageOr(error, 'Please try again with different credentials.'),
      });
      return;
    }
    // A failure toast from an earlier try is out of date now.
    toast.dismiss(SIGN_UP_ERROR_TOAST);
    onRequested(values.email);
  };

  const hydrated = useHydrated();
  return (
    <form ref={formRef} noValidate method="post" onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormField label="Full Name" error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="name" readOnly={isSubmitting} {...form.register('fullName')} />}
      </FormField>
      <EmailField registration={form.register('email')} error={errors.email?.message} readOnly={isSubmitting} />
      <FormField
        label="Password"
        error={errors.password?.message}
        hint={strength.reason ?? `At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            readOnly={isSubmitting}
            onFocus={strength.load}
            {...form.register('password')}
          />
        )}
      </FormField>
      <AgeConfirmation
        registration={form.register('ageConfirmed')}
        error={errors.ageConfirmed?.message}
        readOnly={isSubmitting}
      />
      <Button type="submit" size="lg" busy={isSubmitting} disabled={!hydrated} className="w-full">
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-muted-foreground text-center text-sm">
        By creating an account, you agree to our{' '}
        <Link to="/terms" className="text-primary font-medium underline underline-offset-4">
          Terms &amp; Conditions
        </Link>
        .
      </p>
    </form>
  );
}
