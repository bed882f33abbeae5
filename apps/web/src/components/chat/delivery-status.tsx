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

const ICON_CLASS = 'size-4';

/**
 * The ticks of a message the team sent (admin inbox): a clock while pending,
 * one tick sent, two delivered, two coloured read, a warning when it failed
 * (DeliveryFailure below the text says why). Each state has a text
 * alternative.
 */
export function DeliveryStatus({ message }: { message: ThreadMessage }) {
  const status = shownStatus(message);
  if (status === 'failed') {
    return (
      <span role="img" aria-label="Not delivered" title="Not delivered" className="text-destructive inline-flex">
        <TriangleAlert aria-hidden="true" className={ICON_CLASS} />
      </span>
    );
  }
  const Icon = ICONS[status];
  const label = DELIVERY_LABELS[status];
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex">
      <Icon aria-hidden="true" className={status === 'read' ? `text-primary ${ICON_CLASS}` : ICON_CLASS} />
    </span>
  );
}

interface DeliveryFailureProps {
  message: ThreadMessage;
  /** Sends the failed message again; without it no Retry is offered. */
  onRetry?(message: ThreadMessage): void;
  retrying?: boolean;
}

/** Under a message whose delivery failed: why, as the channel said it, and Retry. Nothing otherwise. */
export function DeliveryFailure({ message, onRetry, retrying = false }: DeliveryFailureProps) {
  if (shownStatus(message) !== 'failed') return null;
  return (
    <div className="text-destructive grid justify-items-start gap-1.5 border-t border-current/20 pt-1.5 text-xs">
      <p>Not delivered{message.failure_reason ? `: ${message.failure_reason}` : ''}</p>
      {onRetry && (
        <Button
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          busy={retrying}
          onClick={() => onRetry(message)}
        >
          Retry
        </Button>
      )}
    </div>
  );
}
