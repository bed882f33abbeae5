import { useEffect, useRef } from 'react';
import { KeyRound, LogIn, MailCheck } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

interface CheckEmailNoticeProps {
  email: string;
  onSignIn: () => void;
  /** Opens "Forgot password?" with this address filled in. */
  onResetPassword: () => void;
}

/**
 * What a sign-up shows, whether the address was new or already had an account
 * (decision 009): both get a mail, and the page cannot tell which one it was.
 */
export function CheckEmailNotice({ email, onSignIn, onResetPassword }: CheckEmailNoticeProps) {
  const notice = useRef<HTMLDivElement>(null);
  // The form the focus was in is gone: keyboard and screen-reader users land on the news.
  useEffect(() => notice.current?.focus(), []);

  return (
    <section className="grid gap-5">
      <Alert ref={notice} tabIndex={-1} variant="success" className="outline-none">
        <MailCheck aria-hidden="true" />
        <AlertTitle>Check your email to continue</AlertTitle>
        <AlertDescription>
          <p>
            We have sent a message to <strong className="break-all">{email}</strong>. Follow the link in it to confirm
            your address and set up your space. The link expires in one hour.
          </p>
          <p>If you already have an account with this address, the message tells you how to sign in.</p>
        </AlertDescription>
      </Alert>
      {/* Offered to everyone, so the page still cannot tell a new address from a taken one. */}
      <div className="grid gap-2">
        <p className="text-muted-foreground text-center text-sm">Already a member?</p>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={onSignIn}>
            <LogIn aria-hidden="true" />
            Sign in instead
          </Button>
          <Button variant="outline" onClick={onResetPassword}>
            <KeyRound aria-hidden="true" />
            Reset your password
          </Button>
        </div>
      </div>
    </section>
  );
}
