import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { changeEmailSchema, type ChangeEmailInput } from '@app/shared';
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
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, serverMessageOr } from '@/lib/api';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { zodResolver } from '@/lib/zod-resolver';
import { useChangeEmail } from '../../api/account-rights';

/**
 * Change email: the current password first (a session alone does not move the
 * account, decision 046), then a link goes to the new address, and the address
 * changes only when it is followed. The old address is told, with a way back.
 */
export function ChangeEmailDialog({ userId, email }: { userId: string; email: string }) {
  const [open, setOpen] = useState(false);
  const change = useChangeEmail(userId);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ newEmail, currentPassword }: ChangeEmailInput) => {
    if (newEmail.toLowerCase() === email.toLowerCase()) {
      form.setError('newEmail', { message: 'That is already your email address.' }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync({ newEmail, currentPassword });
    } catch (error) {
      if (showServerFieldErrors(error, form.setError, ['newEmail', 'currentPassword'])) return;
      if (error instanceof ApiError && error.status === 400) {
        form.setError(
          'newEmail',
          { message: serverMessageOr(error, 'Please check the address.') },
          { shouldFocus: true },
        );
        return;
      }
      toast.error('Email not changed', { description: serverMessageOr(error, 'Please try again.') });
      return;
    }
    toast.success('Check your new inbox', {
      description: `We sent a confirmation link to ${newEmail.toLowerCase()}. Your address changes when you follow it.`,
    });
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset({ newEmail: '', currentPassword: '' });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">Change email</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change your email</DialogTitle>
          <DialogDescription>
            We will send a confirmation link to the new address. Until you follow it, you keep signing in with{' '}
            <span className="text-foreground font-medium [overflow-wrap:anywhere]">{email}</span>. Once it changes, you
            stay signed in here, other devices are signed out, and we let your current address know.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
          <FormField label="New email" error={errors.newEmail?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                readOnly={isSubmitting}
                {...form.register('newEmail')}
              />
            )}
          </FormField>
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
          <DialogFormActions
            submitLabel="Send confirmation link"
            pendingLabel="Sending link..."
            pending={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
