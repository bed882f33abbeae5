import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MIN_PASSWORD_LENGTH, WEAK_PASSWORD_CODE, changePasswordSchema, type ChangePasswordInput } from '@app/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api';
import { zodResolver } from '@/lib/zod-resolver';
import { useChangePassword } from '../../api/account-rights';
import { usePasswordStrength, weakPasswordReason } from '../../lib/password-hint';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password: the current one proves it is the member, the new one is
 * judged as at sign-up, and every other session ends (the server insists).
 */
export function ChangePasswordDialog({ email, name }: { email: string; name: string | null }) {
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const owner = { email, name };
  const strength = usePasswordStrength(form.watch('newPassword'), owner);

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordInput) => {
    const weak = weakPasswordReason(newPassword, owner);
    if (weak) {
      form.setError('newPassword', { message: weak }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError(
          'currentPassword',
          { message: 'That password is not right. Please try again.' },
          { shouldFocus: true },
        );
      } else if (error instanceof ApiError && error.code === WEAK_PASSWORD_CODE) {
        form.setError('newPassword', { message: error.message }, { shouldFocus: true });
      } else {
        toast.error('Password not changed', { description: serverMessageOr(error, 'Please try again.') });
      }
      return;
    }
    toast.success('Password changed', { description: 'You have been signed out on your other devices.' });
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Change password</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change your password</DialogTitle>
          <DialogDescription>
            You stay signed in here; every other device you are signed in on is signed out.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
          <FormField label="Current password" error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                readOnly={isSubmitting}
                {...form.register('currentPassword')}
              />
            )}
          </FormField>
          <FormField
            label="New password"
            error={errors.newPassword?.message}
            hint={strength.reason ?? `At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                readOnly={isSubmitting}
                onFocus={strength.load}
                {...form.register('newPassword')}
              />
            )}
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                readOnly={isSubmitting}
                {...form.register('confirmPassword')}
              />
            )}
          </FormField>
          <DialogFormActions submitLabel="Change password" pendingLabel="Changing password..." pending={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
