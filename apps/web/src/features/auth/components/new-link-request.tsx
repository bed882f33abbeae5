import { useEffect, useRef, useState } from 'react';
import { MailCheck, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { serverMessageOr } from '@/lib/api-request';
import { zodResolver } from '@/lib/zod-resolver';
import { requestPasswordReset } from '../api/request-password-reset';
import { sendVerificationEmail } from '../api/send-verification-email';

/** Which mail a new link comes in: a password reset, or a sign-up confirmation. */
export type NewLinkPurpose = 'recovery' | 'signup';

/**
 * "Send me a new link", right where a used or expired link left the member
 * (decision 033). The page cannot know whose link it was, so it asks for the
 * address, then sends through the usual flow; the answer is the same whether
 * or not the address has an account (decision 009).
 */
export function NewLinkRequest({ purpose }: { purpose: NewLinkPurpose }) {
  const [asking, setAsking] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = purpose === 'recovery' ? requestPasswordReset : sendVerificationEmail;
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const sentNotice = useRef<HTMLDivElement>(null);

  // The form is gone once sent: keyboard and screen-reader users land on the news.
  useEffect(() => {
    if (sentTo) sentNotice.current?.focus();
  }, [sentTo]);

  const onSubmit = async (values: ForgotPasswordInput) => {
    try {
      await send(values);
    } catch (error) {
      // Said once, where the member is looking (not also as a toast).
      form.setError('email', { message: serverMessageOr(error, 'We could not send a new link. Please try again.') });
      return;
    }
    setSentTo(values.email);
  };

  if (sentTo) {
    return (
      <Alert ref={sentNotice} tabIndex={-1} variant="success" className="outline-none">
        <MailCheck aria-hidden="true" />
        <AlertTitle>A new link is on its way</AlertTitle>
        <AlertDescription>
          <p>
            If <strong className="break-all">{sentTo}</strong>{' '}
            {purpose === 'recovery'
              ? 'has an account, we have sent it a new link to choose a password.'
              : 'is waiting to be confirmed, we have sent it a new confirmation link. If it is confirmed already, just sign in.'}{' '}
            The link works for one hour.
          </p>
        </AlertDescription>
      </Alert>
    );
  }

  if (!asking) {
    return (
      <Button className="w-full" onClick={() => setAsking(true)}>
        <Send aria-hidden="true" />
        Send me a new link
      </Button>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" aria-label="Send me a new link">
      <p className="text-muted-foreground text-sm">
        {purpose === 'recovery'
          ? 'Which email do you sign in with? We will send a fresh link to choose a new password.'
          : 'Which email did you sign up with? We will send a fresh confirmation link.'}
      </p>
      <EmailField
        registration={form.register('email')}
        error={errors.email?.message}
        readOnly={isSubmitting}
        autoFocus
      />
      <Button type="submit" className="w-full" busy={isSubmitting}>
        <Send aria-hidden="true" />
        {isSubmitting ? 'Sending...' : 'Send me a new link'}
      </Button>
    </form>
  );
}
