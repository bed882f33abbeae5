import type { MouseEvent } from 'react';
import { Copy, ExternalLink, MessageCircle } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { DASHBOARD_GREETING } from '@app/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { openWhenAllowed } from '@/lib/open-when-allowed';
import { useChatLink } from '@/lib/use-chat-link';
import { useConversationAccess } from '../api/get-conversation-access';
import { useStartConversation } from '../hooks/use-start-conversation';
import { planIncludes } from '../lib/plan-includes';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

/**
 * The messaging connect card (docs/product.md#dashboard). `onConversationCounted`
 * runs after the trial counter moved, for the profile that holds it.
 */
export function ConnectCard({ onConversationCounted }: { onConversationCounted?: () => unknown }) {
  const conversation = useStartConversation(onConversationCounted);
  const { link } = useChatLink(DASHBOARD_GREETING);
  const access = useConversationAccess();
  const busy = !link || conversation.pending;

  const copy = async () => {
    if (link) await conversation.startAndCopy(link);
  };

  const quickConnect = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!link || conversation.pending) return;
    openWhenAllowed(link, conversation.start());
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="text-primary size-5" />
          Talk to your coach on WhatsApp
        </CardTitle>
        <CardDescription>Instant calm is one message away, whenever stress hits.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {access.data && (
          <p aria-live="polite" className="bg-secondary/50 rounded-md px-3 py-2 text-sm">
            {planIncludes(access.data)}
          </p>
        )}
        <ol className="text-muted-foreground grid list-inside list-decimal gap-1 text-sm">
          <li>Copy your chat link.</li>
          <li>Paste it into a new browser tab&apos;s address bar.</li>
          <li>Press Enter, then send the message that appears.</li>
        </ol>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={() => void copy()} busy={busy} className="sm:w-auto">
            <Copy aria-hidden="true" />
            Copy Chat Link
          </Button>
          <div className="flex flex-col gap-0.5">
            <Button asChild variant="link" className="h-auto justify-start p-0">
              <a href={link} target="_blank" rel="noopener noreferrer" onClick={quickConnect} aria-disabled={busy}>
                Try Quick Connect
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
            <span className="text-muted-foreground text-xs">May not work on all devices</span>
          </div>
        </div>
        {conversation.expired && (
          <Alert variant="destructive">
            <AlertDescription>
              You&apos;ve used your free trial conversation.{' '}
              {conversation.demo ? (
                <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE} className="font-medium underline underline-offset-4">
                  Create an account to continue
                </Link>
              ) : (
                <Link to="/subscription" className="font-medium underline underline-offset-4">
                  Choose a subscription plan
                </Link>
              )}
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
