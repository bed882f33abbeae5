import { useState, type MouseEvent } from 'react';
import { Copy, ExternalLink, MessageCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { copyLinkWithToast } from '@/lib/copy-link';
import { openWhenAllowed } from '@/lib/open-when-allowed';
import { cn } from '@/lib/cn';

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="bg-primary text-primary-foreground flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold"
    >
      {n}
    </span>
  );
}

/**
 * How to reach the coach (docs/product.md#onboarding): copy the chat link, paste it into a new
 * tab, press Enter; or the quick-connect link, which some devices do not hand
 * over to the messaging app.
 */
interface ConnectStepsProps {
  link: string | undefined;
  failed: boolean;
  /**
   * For a signed-in member, the entitlement check (the chat feature's, composed
   * by the route): resolves whether this conversation may start, and says why
   * not. Without it (a signed-out visitor) the link is only shown.
   */
  onStart?: () => Promise<boolean>;
  /** The same check, then the copy, said in one toast (the chat feature's); a visitor's copy is only a copy. */
  onCopy?: (link: string) => Promise<unknown>;
}

export function ConnectSteps({ link, failed, onStart, onCopy }: ConnectStepsProps) {
  const [copying, setCopying] = useState(false);

  const copy = async () => {
    if (!link) return;
    setCopying(true);
    await (onCopy ? onCopy(link) : copyLinkWithToast(link));
    setCopying(false);
  };

  const quickConnect = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onStart || !link) return;
    event.preventDefault();
    openWhenAllowed(link, onStart());
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="text-primary size-5" />
          Connect with your coach
        </CardTitle>
        <CardDescription>Three quick steps and your first conversation is ready to send.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {failed && (
          <Alert variant="destructive">
            <AlertTitle>We couldn&apos;t load your chat link</AlertTitle>
            <AlertDescription>Please refresh the page to try again.</AlertDescription>
          </Alert>
        )}
        <ol className="grid gap-5">
          <li className="flex gap-4">
            <StepNumber n={1} />
            <div className="grid flex-1 gap-3">
              <div>
                <p className="font-medium">Copy the chat link</p>
                <p className="text-muted-foreground text-sm">It opens a chat with your coach, greeting included.</p>
              </div>
              <Button className="w-full sm:w-fit" disabled={!link} busy={copying} onClick={() => void copy()}>
                {copying ? <Spinner /> : <Copy aria-hidden="true" />}
                Copy chat link
              </Button>
            </div>
          </li>
          <li className="flex gap-4">
            <StepNumber n={2} />
            <div>
              <p className="font-medium">Paste it in a new browser tab</p>
              <p className="text-muted-foreground text-sm">Open a fresh tab and paste the link into the address bar.</p>
            </div>
          </li>
          <li className="flex gap-4">
            <StepNumber n={3} />
            <div>
              <p className="font-medium">Press Enter</p>
              <p className="text-muted-foreground text-sm">
                Your messaging app opens with your greeting ready. Just press send.
              </p>
            </div>
          </li>
        </ol>
        <div className="bg-secondary/50 grid gap-2 rounded-lg border border-dashed p-4 sm:flex sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-medium">In a hurry?</p>
            <p className="text-muted-foreground text-sm">May not work on all devices.</p>
          </div>
          <Button asChild variant="outline" className={cn(!link && 'pointer-events-none opacity-60')}>
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-disabled={!link || undefined}
              tabIndex={link ? undefined : -1}
              onClick={quickConnect}
            >
              <ExternalLink aria-hidden="true" />
              Try Quick Connect
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
