import { ShieldCheck } from 'lucide-react';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '../../hooks/use-auth';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * What an admin sees in place of the admin area until their session has
 * passed a second factor (decision 047; the server refuses /api/admin too):
 * the setup when the account has none, or a way to sign in again with the
 * code when this session did not pass it (from a mail link, say).
 */
export default function AdminTwoFactorGate() {
  const auth = useAuth();
  const enrolled = auth.user?.second_factor !== 'not-enrolled';
  return (
    <AuthLayout>
      <h1 className="sr-only">Admin area</h1>
      <Card>
        <CardHeader>
          <ShieldCheck aria-hidden="true" className="text-primary mb-1 size-7" />
          <CardTitle>{enrolled ? 'Sign in with your code' : 'Set up two-step sign-in'}</CardTitle>
          <CardDescription>
            {enrolled
              ? 'This session was not opened with your authenticator code. Sign in again with your password and code to use the admin area.'
              : 'Admins can read every member’s conversations, so the admin area opens only with a code from an authenticator app on your phone as well as your password.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {enrolled ? (
            <Button className="w-full" onClick={() => void auth.signOut()}>
              Sign in again
            </Button>
          ) : (
            <TwoFactorSetup doneLabel="Continue to the admin area" onDone={async () => void (await auth.refresh())} />
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
