import type { ReactNode } from 'react';
import { relativeTime } from '@app/shared';
import { cn } from '@/lib/cn';
import { useMinuteTick } from '@/lib/realtime/use-minute-tick';
import type { ThreadMessage } from '@/lib/realtime/thread';

/**
 * Who a coach's reply is from once its writer has left (their account deleted):
 * the reply stays in the conversation, signed by the team (decision 049).
 */
export const FORMER_COACH_AUTHOR = 'Coaching team';

interface MessageBubbleProps {
  message: ThreadMessage;
  /** Written by whoever is reading this screen: shown on the right. */
  own: boolean;
  author: string;
  /** A marker after the time ('• Unread', 'Read', 'Sending…'). */
  status?: ReactNode;
}

/**
 * One message. The text is rendered as text, never as HTML, with its line
 * breaks kept; a link in it stays plain text (docs/security.md: members and
 * admins write to each other, so nothing they write becomes markup or a link).
 */
export function MessageBubble({ message, own, author, status }: MessageBubbleProps) {
  const now = useMinuteTick();
  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'grid max-w-[85%] gap-1 rounded-lg px-3 py-2',
          own ? 'bg-primary/10' : 'bg-muted',
          message.pending && 'opacity-70',
        )}
      >
        <p className="text-muted-foreground text-xs">
          <span className="text-foreground font-medium">{author}</span>
          {' · '}
          <time dateTime={message.created_at}>{relativeTime(message.created_at, now)}</time>
          {status && <> {status}</>}
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
      </div>
    </div>
  );
}
