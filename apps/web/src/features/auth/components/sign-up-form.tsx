import { zodResolver } from '@/lib/zod-resolver';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MIN_PASSWORD_LENGTH, signUpSchema, type SignUpInput } from '@app/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { EmailField } from '@/components/ui/email-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { serverMessageOr } from '@/lib/api';
import { useSignUp } from '../api/sign-up';

interface SignUpFormProps {
  /** Runs once the server has taken the request; what happens next is in the mail sent to `email`. */
  onRequested: (email: string) => void;
}

export function SignUpForm({ onRequested }: SignUpFormProps) {
  const signUp = useSignUp();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: SignUpInput) => {
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      toast.error('Sign Up Failed', {
        description: serverMessageOr(error, 'Please try again with different credentials.'),
      });
      return;
    }
    onRequested(values.email);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormField label="Full Name" error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="name" disabled={isSubmitting} {...form.register('fullName')} />}
      </FormField>
      <EmailField registration={form.register('email')} error={errors.email?.message} disabled={isSubmitting} />
      <FormField label="Password" error={errors.password?.message} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            disabled={isSubmitting}
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-muted-foreground text-center text-sm">
        By creating an account, you agree to our{' '}
        <Link to="/terms" className="text-primary font-medium underline underline-offset-4">
          Terms &amp; Conditions
        </Link>
        .
      </p>
    </form>
  );
}
