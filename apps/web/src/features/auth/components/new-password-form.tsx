import { zodResolver } from '@/lib/zod-resolver';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import {
  MIN_PASSWORD_LENGTH,
  NEW_PASSWORD_ERRORS,
  PASSWORD_TOO_SHORT_MESSAGE,
  WEAK_PASSWORD_CODE,
  newPasswordSchema,
  type NewPasswordInput,
} from '@app/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { resetPassword } from '../api/reset-password';
import { useAuth } from '../hooks/use-auth';
import { usePasswordStrength, weakPasswordReason } from '../lib/password-hint';
import { ReturnToSignIn } from './return-to-sign-in';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { SpentLink } from './spent-link';

/** better-auth's code for a reset token that is unknown, used or expired. */
const INVALID_TOKEN_CODE = 'INVALID_TOKEN';
/** One id, so a later success can take an earlier failure's toast away. */
const RESET_FAILED_TOAST = 'password-reset-failed';

/** The spec's two validation toasts (docs/product.md#accounts-and-signing-in) on top of the field messages. */
function toastValidationProblem(errors: FieldErrors<NewPasswordInput>) {
  if (errors.password?.message === PASSWORD_TOO_SHORT_MESSAGE) {
    toast.error(NEW_PASSWORD_ERRORS.tooShort, { description: PASSWORD_TOO_SHORT_MESSAGE });
  } else if (errors.confirmPassword?.message === NEW_PASSWORD_ERRORS.mismatch) {
    toast.error(NEW_PASSWORD_ERRORS.mismatch, { description: 'Please type the same password in both fields.' });
  }
}

/** Recovery links: choose a new password, then sign in again with it. */
export function NewPasswordForm({ token }: { token: string }) {
  const { endSession, user } = useAuth();
  const [done, setDone] = useState(false);
  const [spent, setSpent] = useState(false);
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;
  // The form knows only the token, not whose it is: the server adds the owner's words.
  const strength = usePasswordStrength(form.watch('password'));

  const onSubmit = async ({ password }: NewPasswordInput) => {
    const weak = weakPasswordReason(password);
    if (weak) {
      form.setError('password', { message: weak }, { shouldFocus: true });
      return;
    }
    try {
      await resetPassword({ token, newPassword: password });
    } catch (error) {
      // A reason that belongs to the field is said once, under it (decision 033).
      if (error instanceof ApiError && error.code === WEAK_PASSWORD_CODE) {
        form.setError('password', { message: error.message }, { shouldFocus: true });
        return;
      }
      // Spent since the page opened (used in another tab, or expired): the way on, not a retry.
      if (error instanceof ApiError && error.code === INVALID_TOKEN_CODE) {
        setSpent(true);
        return;
      }
      toast.error('Password Reset Failed', {
        id: RESET_FAILED_TOAST,
        description: serverMessageOr(error, 'Please try again or request a new reset link.'),
      });
      return;
    }
    toast.dismiss(RESET_FAILED_TOAST);
    toast.success('Password Updated!', { description: 'Please sign in with your new password.' });
    // Every session ended with the reset; make this tab agree before showing sign-in.
    await endSession();
    setDone(true);
  };

  // Redirect once the signed-out state has reached the context, or /auth would bounce to /dashboard.
  if (done && !user) return <Navigate to="/auth" replace />;
  if (spent) return <SpentLink purpose="recovery" />;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Set a new password
        </CardTitle>
        <CardDescription>Choose a password you haven&apos;t used here before.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          noValidate
          onSubmit={form.handleSubmit(onSubmit, toastValidationProblem)}
          className="grid gap-5"
        >
          <FormField
            label="New Password"
            error={errors.password?.message}
            hint={strength.reason ?? `At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                readOnly={isSubmitting || done}
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
                readOnly={isSubmitting || done}
                {...form.register('confirmPassword')}
              />
            )}
          </FormField>
          <Button type="submit" busy={isSubmitting} disabled={done} className="w-full">
            {isSubmitting ? 'Updating Password...' : 'Update Password'}
          </Button>
          <ReturnToSignIn />
        </form>
      </CardContent>
    </Card>
  );
}
