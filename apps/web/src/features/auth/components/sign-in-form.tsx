import { zodResolver } from '@/lib/zod-resolver';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { signInSchema, type SignInInput } from '@app/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailField } from '@/components/ui/email-field';
import { PasswordInput } from '@/components/ui/password-input';
import { serverMessageOr } from '@/lib/api';
import { useSignIn } from '../api/sign-in';

interface SignInFormProps {
  defaultEmail?: string;
  /** Runs after the session exists; the form stays busy until it settles. */
  onSignedIn: () => Promise<void>;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail = '', onSignedIn, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: SignInInput) => {
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      toast.error('Sign In Failed', {
        description: serverMessageOr(error, 'Please check your credentials and try again.'),
      });
      return;
    }
    await onSignedIn();
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <EmailField registration={form.register('email')} error={errors.email?.message} disabled={isSubmitting} />
      <FormField
        label="Password"
        error={errors.password?.message}
        labelAction={
          <button
            type="button"
            onClick={() => onForgotPassword(form.getValues('email'))}
            className="text-primary focus-visible:ring-ring/50 rounded-sm text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
          >
            Forgot password?
          </button>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            disabled={isSubmitting}
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
