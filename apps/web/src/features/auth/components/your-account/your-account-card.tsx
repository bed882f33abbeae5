import { useId, useState, type ReactNode } from 'react';
import { ArrowRight, Download, LogOut, MailCheck, CircleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api';
import { Link } from '@/lib/app-navigation';
import { downloadMyData, useAccountStatus } from '../../api/account-rights';
import { useAuth } from '../../hooks/use-auth';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NewRecoveryCodesDialog, TurnOffTwoFactorDialog, TurnOnTwoFactorDialog } from './two-factor-dialogs';

/** One line of the card: what it is on the left, its action on the right (below it on a phone). */
function AccountRow({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="grid min-w-0 gap-1">
        <h3 className="text-sm font-medium">{title}</h3>
        <div className="text-muted-foreground text-sm">{children}</div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{action}</div>
    </div>
  );
}

interface YourAccountCardProps {
  /** The member's name, which a new password must not be built from. */
  name: string | null;
  /** LEGAL.financialRecordYears, composed by the route from the marketing feature's legal facts. */
  financialRecordYears: number;
}

/**
 * "Your account" on the profile (docs/product.md#profile): the rights the
 * privacy policy promises. Sign out, change password, change email, two-step
 * sign-in, download my data, delete my account.
 */
export function YourAccountCard({ name, financialRecordYears }: YourAccountCardProps) {
  const auth = useAuth();
  const status = useAccountStatus(auth.user?.id);
  const [downloading, setDownloading] = useState(false);
  const account = status.data;
  const refusal = account?.deletion_refusal ?? null;
  const refusalId = useId();

  const download = async () => {
    setDownloading(true);
    try {
      const fileName = await downloadMyData();
      toast.success('Your data is downloading', { description: `Saved as ${fileName}.` });
    } catch (error) {
      toast.error('Download failed', { description: serverMessageOr(error, 'Please try again.') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
        <CardDescription>How you sign in, and your data: yours to take with you or to delete.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <AccountRow
          title="Email"
          action={account && auth.user && <ChangeEmailDialog userId={auth.user.id} email={account.email} />}
        >
          {account ? (
            <p className="text-foreground [overflow-wrap:anywhere]">{account.email}</p>
          ) : (
            <Skeleton className="h-5 w-48" aria-label="Loading your email" />
          )}
          {account?.pending_email && (
            <Alert className="mt-3">
              <MailCheck aria-hidden="true" />
              <AlertDescription>
                <p>
                  We sent a confirmation link to{' '}
                  <span className="text-foreground font-medium [overflow-wrap:anywhere]">{account.pending_email}</span>.
                  Your address changes when you follow it.
                </p>
              </AlertDescription>
            </Alert>
          )}
        </AccountRow>
        <AccountRow
          title="Password"
          action={account?.has_password && <ChangePasswordDialog email={account.email} name={name} />}
        >
          {account && !account.has_password ? (
            <p>You sign in with Google. To add a password, choose “Forgot password?” on the sign-in page.</p>
          ) : (
            <p>Changing it signs you out on your other devices.</p>
          )}
        </AccountRow>
        <AccountRow
          title="Two-step sign-in"
          action={
            account?.has_password &&
            auth.user &&
            (auth.user.second_factor === 'not-enrolled' ? (
              <TurnOnTwoFactorDialog />
            ) : (
              <>
                <NewRecoveryCodesDialog />
                <TurnOffTwoFactorDialog admin={auth.roles.includes('admin')} />
              </>
            ))
          }
        >
          {auth.user?.second_factor === 'not-enrolled' ? (
            <p>Off. Turn it on to be asked for a code from an authenticator app after your password.</p>
          ) : (
            <p>On. Signing in asks for a code from your authenticator app after your password.</p>
          )}
        </AccountRow>
        <AccountRow
          title="Your data"
          action={
            <Button variant="outline" onClick={() => void download()} busy={downloading}>
              <Download aria-hidden="true" />
              {downloading ? 'Preparing download...' : 'Download my data'}
            </Button>
          }
        >
          <p>A copy of everything Calm Space holds about you, as a JSON file.</p>
        </AccountRow>
        <AccountRow
          title="Sign out"
          action={
            <Button variant="outline" onClick={() => void auth.signOut()}>
              <LogOut aria-hidden="true" />
              Sign out
            </Button>
          }
        >
          <p>Sign out of Calm Space on this device.</p>
        </AccountRow>
        <AccountRow
          title="Delete account"
          action={
            account &&
            (refusal ? (
              // Told before anything is typed (the server refuses all the same): what to do first is beside it.
              <Button variant="destructive" disabled aria-describedby={refusalId}>
                Delete my account
              </Button>
            ) : (
              <DeleteAccountDialog
                email={account.email}
                financialRecordYears={financialRecordYears}
                onDeleted={() => void auth.signOut()}
              />
            ))
          }
        >
          <p>Delete your account and your data for good.</p>
          {refusal && (
            <Alert className="mt-3" id={refusalId}>
              <CircleAlert aria-hidden="true" />
              <AlertDescription>
                <p>{refusal.error}</p>
                {refusal.code === 'subscription_active' && (
                  <Link
                    to="/subscription"
                    className="text-primary inline-flex items-center gap-1 font-medium underline underline-offset-4"
                  >
                    Go to the Subscription page
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                )}
              </AlertDescription>
            </Alert>
          )}
        </AccountRow>
      </CardContent>
    </Card>
  );
}
