import { Inbox, RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Logo } from '@/components/layouts/logo';
import { MailCard, useMailbox } from '@/features/dev-mailbox';
import { ApiError } from '@/lib/api';
import { PageTitle } from '@/components/layouts/page-title';
import { mainContentProps } from '@/components/layouts/skip-link';

/** The local mailbox (docs/product.md#running-locally): every mail the server "sent" in local mode. */
export default function DevMailboxPage() {
  const mailbox = useMailbox();
  const unavailable = mailbox.error instanceof ApiError && mailbox.error.status === 404;

  return (
    <div className="bg-muted/30 min-h-dvh">
      <PageTitle>Local mailbox</PageTitle>
      <header className="bg-background border-b">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <Button variant="outline" size="sm" onClick={() => void mailbox.refetch()} busy={mailbox.isFetching}>
            <RefreshCw aria-hidden="true" className={mailbox.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </div>
      </header>
      <main {...mainContentProps} className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Local mailbox</h1>
          <p className="text-muted-foreground mt-1">
            Mails the server would have sent, newest first. It checks for new ones every few seconds.
          </p>
        </div>
        {mailbox.isPending && (
          <div className="grid gap-4" aria-label="Loading mails">
            <Skeleton className="h-40 w-full rounded-xl" />
            <Skeleton className="h-40 w-full rounded-xl" />
          </div>
        )}
        {unavailable && (
          <Alert>
            <Inbox aria-hidden="true" />
            <AlertTitle>The local mailbox is not available here</AlertTitle>
            <AlertDescription>
              It exists only when Calm Space runs in local mode. In production, mail is delivered by the mail server.
            </AlertDescription>
          </Alert>
        )}
        {mailbox.isError && !unavailable && (
          <Alert variant="destructive">
            <AlertTitle>Could not load the mailbox</AlertTitle>
            <AlertDescription>{mailbox.error.message}</AlertDescription>
          </Alert>
        )}
        {mailbox.data?.length === 0 && (
          <Alert>
            <Inbox aria-hidden="true" />
            <AlertTitle>No mail yet</AlertTitle>
            <AlertDescription>Sign up or ask for a password reset, and the mail will appear here.</AlertDescription>
          </Alert>
        )}
        {mailbox.data?.map((mail) => (
          <MailCard key={mail.id} mail={mail} />
        ))}
      </main>
    </div>
  );
}
