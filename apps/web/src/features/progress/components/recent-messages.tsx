import { formatDistanceToNow } from 'date-fns';
import type { ChatMessageSummaryDto } from '@app/shared';
import { EmptyState } from '@/components/empty-state';

/** The five latest messages with the coach (docs/product.md#dashboard). */
export function RecentMessages({ messages }: { messages: ChatMessageSummaryDto[] }) {
  if (messages.length === 0) {
    return (
      <EmptyState art="empty-messages">
        No messages yet. When you&apos;re ready, your coach is one message away.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-2">
      {messages.map((m) => (
        <li key={m.id} className="grid gap-0.5 rounded-lg border p-3">
          <div className="flex items-baseline justify-between gap-3 text-xs">
            <span className="font-medium">{m.is_admin_message ? 'Coach' : 'You'}</span>
            <time dateTime={m.created_at} className="text-muted-foreground">
              {formatDistanceToNow(new Date(m.created_at), { addSuffix: true })}
            </time>
          </div>
          <p className="line-clamp-2 text-sm break-words">{m.message}</p>
        </li>
      ))}
    </ul>
  );
}
