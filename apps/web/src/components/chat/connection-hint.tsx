import { WifiOff } from 'lucide-react';
import { useConnectionState } from '@/lib/realtime/realtime';

/**
 * A small hint while the live connection is down and being retried. The status
 * region is always there, so a screen reader hears the hint appear.
 */
export function ConnectionHint({ className }: { className?: string }) {
  const state = useConnectionState();
  return (
    <p role="status" className={className}>
      {state === 'reconnecting' && (
        <span className="text-muted-foreground inline-flex items-center gap-1.5 text-xs">
          <WifiOff aria-hidden="true" className="size-3.5" />
          Reconnecting…
        </span>
      )}
    </p>
  );
}
