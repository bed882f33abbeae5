import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { resetLinkQueryOptions } from '../api/check-reset-link';
import { NewPasswordForm } from './new-password-form';
import { SpentLink } from './spent-link';

/**
 * A recovery link: its token is checked as the page opens, so a used or
 * expired link says so before the member types a new password twice
 * (decision 033). Should the check itself fail (offline, rate limited), the
 * form is shown: submitting it gives the server's answer anyway.
 */
export function RecoveryLink({ token }: { token: string }) {
  const status = useQuery(resetLinkQueryOptions(token));

  if (status.isPending) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            Set a new password
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p role="status" className="text-muted-foreground flex items-center gap-3">
            <Spinner className="text-primary size-5" />
            Checking your link...
          </p>
        </CardContent>
      </Card>
    );
  }
  if (status.data?.usable === false) return <SpentLink purpose="recovery" />;
  return <NewPasswordForm token={token} />;
}
