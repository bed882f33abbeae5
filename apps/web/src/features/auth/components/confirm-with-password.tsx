import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import { MIN_PASSWORD_LENGTH, newPasswordSchema, type NewPasswordInput } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { zodResolver } from '@/lib/zod-resolver';
import { confirmWithNewPassword, confirmWithPassword } from '../api/sign-up-confirmation';
import { usePasswordStrength, weakPasswordReason } from '../lib/password-hint';
import { ReturnToSignIn } from './return-to-sign-in';

interface ConfirmWithPasswordProps {
  token: string;
  /** Follows the link again once the server accepts this browser; resolves when that is done. */
  onConfirmable: () => Promise<unknown>;
}

/**
 * A sign-up link opened somewhere other than where the sign-up was made
 * (decision 046). The link proves the address; the password proves it is the
 * person who signed up. Someone who did not sign up (or forgot) chooses a new
 * password instead, which replaces the one chosen at sign-up.
 */
export function ConfirmWithPassword({ token, onConfirmable }: ConfirmWithPasswordProps) {
  const [choosing, setChoosing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {choosing ? 'Choose a password' : 'One more step'}
        </CardTitle>
        <CardDescription>
          {choosing
            ? 'This replaces any password chosen when the account was created. Then your email is confirmed and you are signed in.'
            : 'You opened this link in a different browser from the one used to sign up. To keep the account safe, enter the password chosen at sign-up.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {choosing ? (
          <NewPasswordStep token={token} onConfirmable={onConfirmable} />
        ) : (
          <PasswordStep token={token} onConfirmable={onConfirmable} />
        )}
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-center p-0"
          onClick={() => setChoosing(!choosing)}
        >
          {choosing ? 'I know the password after all' : "I didn't sign up, or I forgot the password"}
        </Button>
        <ReturnToSignIn />
      </CardContent>
    </Card>
  );
}

function PasswordStep({ token, onConfirmable }: ConfirmWithPasswordProps) {
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ password }: { password: string }) => {
    if (!password) {
      form.setError('password', { message: 'Password is required' }, { shouldFocus: true });
      return;
    }
    try {
      await confirmWithPassword(token, password);
    } catch (error) {
      if (showServerFieldErrors(error, form.setError, ['password'])) return;
      form.setError('password', { message: serverMessageOr(error, 'Please try again.') }, { shouldFocus: true });
      return;
    }
    await onConfirmable();
  };

  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormField label="Password chosen at sign-up" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            readOnly={isSubmitting}
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" busy={isSubmitting} className="w-full">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? 'Confirming...' : 'Confirm and continue'}
      </Button>
    </form>
  );
}

function NewPasswordStep({ token, onConfirmable }: ConfirmWithPasswordProps) {
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;
  const strength = usePasswordStrength(form.watch('password'));

  const onSubmit = async ({ password }: NewPasswordInput) => {
    const weak = weakPasswordReason(password);
    if (weak) {
      form.setError('password', { message: weak }, { shouldFocus: true });
      return;
    }
    try {
      await confirmWithNewPassword(token, password);
    } catch (error) {
      // The server names the field new_password; here it is the password field.
      const message = error instanceof ApiError ? error.fieldErrors.new_password?.[0] : undefined;
      form.setError(
        'password',
        { message: message ?? serverMessageOr(error, 'Please try again.') },
        { shouldFocus: true },
      );
      return;
    }
    await onConfirmable();
  };

  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormField
        label="New Password"
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
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            readOnly={isSubmitting}
            {...form.register('confirmPassword')}
          />
        )}
      </FormField>
      <Button type="submit" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving...' : 'Save password and continue'}
      </Button>
    </form>
  );
}
