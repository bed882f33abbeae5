import { Check, CheckCheck, Clock, TriangleAlert } from 'lucide-react';
import type { MessageDeliveryStatus } from '@app/shared';
import { Button } from '@/components/ui/button';
import type { ThreadMessage } from '@/lib/realtime/thread';

/**
 * Where a message's delivery stands on screen: `pending` while it is on its
 * way (this screen's temporary entry, or a WhatsApp send not yet accepted),
 * and `read` once the other side read it, whichever side said so first (the
 * web chat's read marker or WhatsApp's receipt).
 */
export function shownStatus(message: ThreadMessage): MessageDeliveryStatus {
  if (message.pending) return 'pending';
  if (message.status === 'failed') return 'failed';
  if (message.read_at !== null) return 'read';
  return message.status;
}

/** What each state is called for a screen reader, and in the tooltip. */
export const DELIVERY_LABELS: Record<Exclude<MessageDeliveryStatus, 'failed'>, string> = {
  pending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

const ICONS = { pending: Clock, sent: Check, delivered: CheckCheck, read: CheckCheck } as const;

interface DeliveryStatusProps {
  message: ThreadMessage;
  /** Sends the failed message again; without it a failure shows no Retry. */
  onRetry?(message: ThreadMessage): void;
  retrying?: boolean;
}

/**
 * The ticks of a message the team sent (admin inbox): a clock while pending,
 * one tick sent, two delivered, two coloured read; a failure says why and
 * offers Retry. Each state has a text alternative.
 */
export function DeliveryStatus({ message, onRetry, retrying = false }: DeliveryStatusProps) {
  const status = shownStatus(message);
  if (status === 'failed') {
    return (
      <span className="text-destructive inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="inline-flex items-center gap-1">
          <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          <span>Not delivered{message.failure_reason ? `: ${message.failure_reason}` : ''}</span>
        </span>
        {onRetry && (
          <Button
            variant="outline"
            size="sm"
            className="h-6 px-2 text-xs"
            busy={retrying}
            onClick={() => onRetry(message)}
          >
            Retry
          </Button>
        )}
      </span>
    );
  }
  const Icon = ICONS[status];
  const label = DELIVERY_LABELS[status];
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex align-middle">
      <Icon aria-hidden="true" className={status === 'read' ? 'text-primary size-4' : 'size-4'} />
    </span>
  );
}
