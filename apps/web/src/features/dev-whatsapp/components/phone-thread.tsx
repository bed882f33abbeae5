import { useEffect, useRef } from 'react';
import { Check, CheckCheck, FileText } from 'lucide-react';
import type { LocalPhoneMessageDto, LocalPhoneReply } from '@app/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The ticks on the phone's own message: sent (one grey), read by the business (two blue). */
function OwnTicks({ status }: { status: LocalPhoneMessageDto['status'] }) {
  return status === 'read' ? (
    <span className="inline-flex items-center gap-0.5 text-sky-700 dark:text-sky-300">
      <CheckCheck aria-hidden="true" className="size-4" />
      <span className="sr-only">Read by the coach</span>
    </span>
  ) : (
    <span className="inline-flex items-center">
      <Check aria-hidden="true" className="size-4" />
      <span className="sr-only">Sent</span>
    </span>
  );
}

/** Under a coach's message: the receipt this phone has sent for it. */
const RECEIPT_SENT: Record<LocalPhoneMessageDto['status'], string> = {
  sent: 'Not yet acknowledged',
  delivered: 'Delivered receipt sent',
  read: 'Read receipt sent',
};

type ReplyProps = { onReply?: (reply: LocalPhoneReply) => void; replying?: boolean };

function Bubble({ message, onReply, replying }: { message: LocalPhoneMessageDto } & ReplyProps) {
  const own = message.direction === 'in';
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'grid max-w-[85%] gap-1 rounded-2xl px-3 py-2 shadow-xs',
          own ? 'bg-primary/15 rounded-br-sm' : 'bg-background rounded-bl-sm',
        )}
      >
        <span className="sr-only">{own ? 'You:' : 'Coach:'}</span>
        {message.kind === 'voice' && message.media_url && (
          <audio
            controls
            preload="none"
            src={message.media_url}
            aria-label="Voice note"
            className="h-10 w-56 max-w-full"
          />
        )}
        {message.kind === 'template' && (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <FileText aria-hidden="true" className="size-4" />
            Template message
          </p>
        )}
        {message.text && <p className="text-sm break-words whitespace-pre-wrap">{message.text}</p>}
        {!own && message.buttons?.length ? (
          <div className="grid gap-1 border-t pt-2" role="group" aria-label="Reply buttons">
            {message.buttons.map((button) => (
              <Button
                key={button.id}
                type="button"
                variant="ghost"
                size="sm"
                disabled={!onReply || replying}
                onClick={() => onReply?.(button)}
                className="text-primary w-full"
              >
                {button.title}
              </Button>
            ))}
          </div>
        ) : null}
        <p className="text-muted-foreground flex items-center justify-end gap-1.5 text-xs">
          {!own && <span>{RECEIPT_SENT[message.status]}</span>}
          <time dateTime={message.at}>{timeOf(message.at)}</time>
          {own && <OwnTicks status={message.status} />}
        </p>
      </div>
    </li>
  );
}

/**
 * The phone's conversation with the business, newest at the bottom, in its own
 * scrolling box that follows new messages (the page itself does not jump).
 * Focusable, so the keyboard can scroll it; a log, so new messages are read out.
 */
export function PhoneThread({
  messages,
  className,
  onReply,
  replying,
}: { messages: LocalPhoneMessageDto[]; className?: string } & ReplyProps) {
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [last]);

  return (
    <div
      ref={box}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      className={cn('focus-visible:ring-ring/50 overflow-y-auto outline-none focus-visible:ring-[3px]', className)}
    >
      {messages.length === 0 ? (
        <p className="text-muted-foreground px-4 py-10 text-center text-sm">
          No messages yet. Paste a chat link or say hello.
        </p>
      ) : (
        <ol className="grid content-start gap-2 p-3">
          {messages.map((message) => (
            <Bubble key={message.id} message={message} onReply={onReply} replying={replying} />
          ))}
        </ol>
      )}
    </div>
  );
}
