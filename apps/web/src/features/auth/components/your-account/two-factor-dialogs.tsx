import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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
import { newRecoveryCodes, turnOffTwoFactor } from '../../api/two-factor';
import { useAuth } from '../../hooks/use-auth';
import { RecoveryCodes } from '../two-factor/recovery-codes';
import { TwoFactorSetup } from '../two-factor/two-factor-setup';

/** A password that proves it is the member, then `action`; its refusal lands under the field. */
function PasswordStep({
  submitLabel,
  pendingLabel,
  action,
}: {
  submitLabel: string;
  pendingLabel: string;
  action: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password.');
    setBusy(true);
    try {
      await action(password);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.code === 'INVALID_PASSWORD'
          ? 'That password is not right. Please try again.'
          : serverMessageOr(failure, 'Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <FormField label="Password" error={error}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            readOnly={busy}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <DialogFormActions submitLabel={submitLabel} pendingLabel={pendingLabel} pending={busy} />
    </form>
  );
}

/** Turning two-step sign-in on from the account card: the same setup an admin goes through. */
export function TurnOnTwoFactorDialog() {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Turn on</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn on two-step sign-in</DialogTitle>
          <DialogDescription>
            After your password, signing in will ask for a code from an authenticator app on your phone.
          </DialogDescription>
        </DialogHeader>
        <TwoFactorSetup
          doneLabel="Done"
          onDone={async () => {
            await auth.refresh();
            setOpen(false);
            toast.success('Two-step sign-in is on');
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

export function NewRecoveryCodesDialog() {
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCodes(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">New recovery codes</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{codes ? 'Save your new recovery codes' : 'New recovery codes'}</DialogTitle>
          <DialogDescription>
            {codes
              ? 'Your earlier codes no longer work. Keep these somewhere safe: they are shown only now.'
              : 'Ten new codes replace the ones you have; each signs you in once if you lose your phone.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodes codes={codes} />
        ) : (
          <PasswordStep
            submitLabel="Make new codes"
            pendingLabel="Making codes..."
            action={async (password) => setCodes((await newRecoveryCodes(password)).backupCodes)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function TurnOffTwoFactorDialog({ admin }: { admin: boolean }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Turn off</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-step sign-in</DialogTitle>
          <DialogDescription>
            {admin
              ? 'The admin area will stay closed until you set up an authenticator again.'
              : 'Signing in will ask for your password only.'}
          </DialogDescription>
        </DialogHeader>
        <PasswordStep
          submitLabel="Turn off"
          pendingLabel="Turning off..."
          action={async (password) => {
            await turnOffTwoFactor(password);
            await auth.refresh();
            setOpen(false);
            toast.success('Two-step sign-in is off');
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
