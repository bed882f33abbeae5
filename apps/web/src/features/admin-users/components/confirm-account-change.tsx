import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface ConfirmAccountChangeProps {
  open: boolean;
  /** Names the person: "Make Sam Rivera an admin?" */
  title: string;
  /** The consequence, in plain words. */
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Ask the acting admin's authenticator code (granting admin, decision 061). */
  askCode?: boolean;
  busy: boolean;
  /** Why the last attempt was refused (a wrong code); shown in the dialog, which stays open. */
  error: string | null;
  onCancel(): void;
  onConfirm(code: string | undefined): void;
}

/**
 * A change to an account that is not taken back lightly (decision 061):
 * granting or removing the admin role, deactivating. Asked once more, naming
 * the person and what follows; granting admin also asks for the code the
 * acting admin's authenticator shows now.
 */
export function ConfirmAccountChange({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  askCode = false,
  busy,
  error,
  onCancel,
  onConfirm,
}: ConfirmAccountChangeProps) {
  const [code, setCode] = useState('');
  const codeId = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm(askCode ? code.trim() : undefined);
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCode('');
          onCancel();
        }
      }}
    >
      <AlertDialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          {askCode && (
            <div className="grid gap-2">
              <Label htmlFor={codeId}>Code from your authenticator app</Label>
              <Input
                id={codeId}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="max-w-40 tracking-widest"
              />
            </div>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} busy={busy}>
              {confirmLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
