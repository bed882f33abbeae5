import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { serverMessageOr } from '@/lib/api-request';
import { undoEmailChange } from '../api/undo-email-change';
import { NewPasswordForm } from './new-password-form';
import { ReturnToSignIn } from './return-to-sign-in';

/**
 * "This was not me: undo the change", from the notice mailed to the old
 * address after an email change (decision 046). A button rather than on
 * opening, so a mail scanner that follows the link changes nothing. Once
 * undone, the page goes straight on to choosing a new password.
 */
export function UndoEmailChange({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [undone, setUndone] = useState<{ email: string; resetToken: string } | null>(null);

  const undo = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await undoEmailChange(token);
      setUndone({ email: result.email, resetToken: result.reset_token });
    } catch (error) {
      setProblem(serverMessageOr(error, 'We could not undo the change. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (undone) {
    return (
      <div className="grid gap-6">
        <Alert variant="success" role="status">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Your account is back at {undone.email}</AlertTitle>
          <AlertDescription>Everyone has been signed out. Choose a new password to sign in again.</AlertDescription>
        </Alert>
        <NewPasswordForm token={undone.resetToken} />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Undo the email change?
        </CardTitle>
        <CardDescription>
          If you did not change your account&apos;s email address, undo it here. We will put this address back, sign
          everyone out of the account, and ask you to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {problem && (
          <Alert variant="destructive">
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        )}
        <Button className="w-full" busy={busy} onClick={() => void undo()}>
          {busy ? 'Undoing...' : 'Undo the change'}
        </Button>
        <ReturnToSignIn />
      </CardContent>
    </Card>
  );
}
