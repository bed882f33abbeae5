import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELETE_CONFIRMATION_WORD, deleteAccountSchema, type DeleteAccountInput } from '@app/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
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
import { useDeleteAccount } from '../../api/account-rights';

interface DeleteAccountDialogProps {
  email: string;
  /** Years the privacy policy keeps financial records (LEGAL.financialRecordYears). */
  financialRecordYears: number;
  /** Leaves for the sign-in page once the member has read that it is done. */
  onDeleted: () => void;
}

/**
 * Delete my account (decision 031): the password again and the typed word,
 * then what the privacy policy says happens. A refusal the member can act on
 * (a subscription still renewing) is said inside the dialog, where they are looking.
 */
export function DeleteAccountDialog({ email, financialRecordYears, onDeleted }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (input: DeleteAccountInput) => {
    setRefusal(null);
    try {
      await remove.mutateAsync(input);
    } catch (error) {
      if (showServerFieldErrors(error, form.setError, ['password', 'confirmation'])) {
        // The first field the server refused takes the focus, as a failed submit does.
        form.setFocus(error instanceof ApiError && error.fieldErrors.password ? 'password' : 'confirmation');
        return;
      }
      setRefusal(serverMessageOr(error, 'Your account was not deleted. Please try again.'));
      return;
    }
    setDeleted(true);
  };

  const onOpenChange = (next: boolean) => {
    // Once deleted, closing the dialog in any way leaves the signed-in area.
    if (!next && deleted) return onDeleted();
    setOpen(next);
    if (!next) {
      form.reset();
      setRefusal(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete my account</Button>
      </DialogTrigger>
      <DialogContent>
        {deleted ? (
          <>
            <DialogHeader>
              <DialogTitle>Your account has been deleted</DialogTitle>
              <DialogDescription>
                You have been signed out on every device. We sent a confirmation to{' '}
                <span className="text-foreground font-medium [overflow-wrap:anywhere]">{email}</span>.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button autoFocus onClick={onDeleted}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>This cannot be undone.</DialogDescription>
            </DialogHeader>
            <ul className="text-muted-foreground grid list-disc gap-1.5 pl-5 text-sm">
              <li>
                Your profile, reflections, ratings, feedback and messages are deleted straight away, and you are signed
                out on every device.
              </li>
              <li>
                If you have had a subscription, we keep its payment record, without your name or email, for{' '}
                {financialRecordYears} years, as UK tax law requires.
              </li>
              <li>You can download your data first, and sign up again with the same email later.</li>
            </ul>
            {refusal && (
              <Alert variant="destructive">
                <AlertDescription>{refusal}</AlertDescription>
              </Alert>
            )}
            <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
              <FormField label="Your password" error={errors.password?.message}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    readOnly={isSubmitting}
                    {...form.register('password')}
                  />
                )}
              </FormField>
              <FormField label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} error={errors.confirmation?.message}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    readOnly={isSubmitting}
                    {...form.register('confirmation')}
                  />
                )}
              </FormField>
              <DialogFormActions
                submitLabel="Delete my account"
                pendingLabel="Deleting account..."
                pending={isSubmitting}
                destructive
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
