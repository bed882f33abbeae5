import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useSmallForm } from '@/lib/small-form';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@/lib/lazy-toast';
import type { ForgotPasswordInput } from '@app/shared/auth-schemas';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { serverMessageOr } from '@/lib/api-request';
import { useHydrated } from '@/lib/use-hydrated';
import { requestPasswordReset } from '../api/request-password-reset';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

/** One id, so a later success can take an earlier failure's toast away. */
const RESET_ERROR_TOAST = 'password-reset-error';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  onBack: () => void;
}

/** Sends the reset mail; its link leads to /auth/callback. */
// zod and the schema load with the first validation: /auth shows its forms at once (decision 037).
const resolver = lazyZodResolver<ForgotPasswordInput>(() =>
  import('@app/shared/auth-schemas').then((schemas) => schemas.forgotPasswordSchema),
);

export function ForgotPasswordForm({ defaultEmail, onBack }: ForgotPasswordFormProps) {
  const form = useSmallForm<ForgotPasswordInput>({
    resolver,
    defaultValues: { email: defaultEmail },
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ForgotPasswordInput) => {
    try {
      await requestPasswordReset(values);
    } catch (error) {
      toast.error('Password Reset Failed', {
        id: RESET_ERROR_TOAST,
        description: serverMessageOr(error, 'Try again later.'),
      });
      return;
    }
    toast.dismiss(RESET_ERROR_TOAST);
    toast.success('Password Reset Sent', { description: 'Check your email for the reset link.' });
    onBack();
  };

  const hydrated = useHydrated();
  return (
    <section aria-labelledby="forgot-password-heading" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="forgot-password-heading" className="text-base font-semibold">
          Reset your password
        </h2>
        <p className="text-muted-foreground text-sm">
          Enter the email you signed up with and we&apos;ll send you a link to choose a new password.
        </p>
      </div>
      <form ref={formRef} noValidate method="post" onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
        <EmailField
          registration={form.register('email')}
          error={errors.email?.message}
          readOnly={isSubmitting}
          autoFocus
        />
        <Button type="submit" size="lg" busy={isSubmitting} disabled={!hydrated} className="w-full">
          {isSubmitting ? 'Sending Reset Link...' : 'Send Reset Link'}
        </Button>
        <Button variant="ghost" onClick={onBack} busy={isSubmitting} className="w-full">
          <ArrowLeft aria-hidden="true" />
          Back to Sign In
        </Button>
      </form>
    </section>
  );
}
