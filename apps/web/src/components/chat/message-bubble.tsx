import type { ReactNode } from 'react';
import { Bot } from 'lucide-react';
import { AI_COACH_LABEL } from '@app/shared';
import { cn } from '@/lib/cn';
import { RelativeTime } from '@/components/relative-time';
import type { ThreadMessage } from '@/lib/realtime/thread';
import { MessageMedia } from './message-media';
import { WhatsAppMark } from './whatsapp-mark';

/**
 * Who a coach's reply is from once its writer has left (their account deleted):
 * the reply stays in the conversation, signed by the team (decision 049).
 */
export const FORMER_COACH_AUTHOR = 'Coaching team';

/**
 * The label of every message the AI coach wrote (issue 26, honesty): words and
 * an icon, never colour alone, in place of the writer's name.
 */
function AiCoachLabel() {
  return (
    <span className="border-primary/30 bg-card text-foreground inline-flex items-center gap-1 rounded-full border px-2 py-0.5 font-medium">
      <Bot aria-hidden="true" className="text-primary size-3.5" />
      {AI_COACH_LABEL}
    </span>
  );
}

interface MessageBubbleProps {
  message: ThreadMessage;
  /** Written by whoever is reading this screen: shown on the right. */
  own: boolean;
  author: string;
  /** A marker after the time ('• Unread', 'Read', 'Sending…', delivery ticks). */
  status?: ReactNode;
  /** Who the conversation's person is here ('Sam', 'You'): names their image and their reaction. */
  person: string;
  /** Below the text: what went wrong with its delivery, and what can be done. */
  footer?: ReactNode;
}

/**
 * One message. The text is rendered as text, never as HTML, with its line
 * breaks kept; a link in it stays plain text (docs/security.md: members and
 * admins write to each other, so nothing they write becomes markup or a link).
 * A message of WhatsApp carries its mark; an attachment shows above its
 * caption (decision 056); the person's reaction sits on the bubble's corner.
 * A message of the AI coach (author `automation`) is labelled "AI coach"
 * whoever reads it; its fixed safety texts (origin `safety`) look like a notice.
 */
export function MessageBubble({ message, own, author, status, person, footer }: MessageBubbleProps) {
  // A note of the system (a WhatsApp number linked or changed) is nobody's words: centred, unsigned.
  if (message.author === 'system') return <SystemNote message={message} />;
  const byAi = message.author === 'automation';
  const safetyNotice = byAi && message.origin === 'safety';
  const writer = byAi ? AI_COACH_LABEL : author;
  // A media message's text is its caption, or nothing.
  const text = message.message.trim() ? message.message : (message.media?.caption ?? '');
  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'relative grid max-w-[85%] gap-1 rounded-lg px-3 py-2',
          own ? 'bg-primary/10' : safetyNotice ? 'border border-rose-200 bg-rose-50 text-rose-950' : 'bg-muted',
          message.pending && 'opacity-70',
          message.reaction && 'mb-3',
        )}
      >
        <p className="text-muted-foreground flex flex-wrap items-center gap-x-1 text-xs">
          {byAi ? <AiCoachLabel /> : <span className="text-foreground font-medium">{author}</span>}
          {message.channel === 'whatsapp' && <WhatsAppMark />}
          <span aria-hidden="true">·</span>
          <RelativeTime value={message.created_at} />
          {status && <> {status}</>}
        </p>
        {/* 'Image from Sam', 'Image from Coach', 'Image from you'. */}
        <MessageMedia message={message} senderName={writer === 'You' ? 'you' : writer} />
        {text && <p className="text-sm break-words whitespace-pre-wrap">{text}</p>}
        {footer}
        {message.reaction && (
          <span
            role="img"
            aria-label={`${person} reacted ${message.reaction}`}
            title={`${person} reacted ${message.reaction}`}
            className={cn(
              'bg-background absolute -bottom-3 rounded-full border px-1.5 text-sm leading-5 shadow-xs',
              own ? 'left-2' : 'right-2',
            )}
          >
            {message.reaction}
          </span>
        )}
      </div>
    </div>
  );
}

function SystemNote({ message }: { message: ThreadMessage }) {
  return (
    <div className="flex justify-center">
      <p className="bg-muted/60 text-muted-foreground max-w-[85%] rounded-full px-3 py-1 text-center text-xs">
        <span className="sr-only">Note: </span>
        {message.message}
        <span aria-hidden="true"> · </span>
        <RelativeTime value={message.created_at} />
      </p>
    </div>
  );
}
