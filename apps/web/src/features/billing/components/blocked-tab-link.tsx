import { ExternalLink } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** When the browser blocked the new tab: the same page, as a link the member can open themselves. */
export function BlockedTabLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return null;
  return (
    <Alert>
      <AlertTitle>Your browser blocked the new tab</AlertTitle>
      <AlertDescription>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary inline-flex items-center gap-1 font-medium underline underline-offset-4"
        >
          {label}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </AlertDescription>
    </Alert>
  );
}
