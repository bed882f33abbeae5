import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CHAT_LOAD_MORE_THRESHOLD_PX } from '@app/shared';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ThreadMessage } from '@/lib/realtime/thread';

/** Within this many pixels of the bottom counts as "reading the newest": new messages then scroll into view. */
const AT_BOTTOM_PX = 80;

interface ThreadListProps {
  messages: ThreadMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** Names the log for assistive technology. */
  label: string;
  className?: string;
  renderMessage(message: ThreadMessage): ReactNode;
  empty: ReactNode;
  /** A message to show (a search result): scrolled into view, highlighted and focused once it is in the list. */
  highlightId?: string | null;
}

/**
 * A conversation's scrolling message list, oldest at the top. Scrolling within
 * CHAT_LOAD_MORE_THRESHOLD_PX of the top asks for the older page; when it is
 * added above, the messages being read stay where they were. A new message at
 * the bottom scrolls into view when the reader was already at the bottom (or
 * sent it), and so does a message that grows after it is shown (a check-in's
 * card or a step's buttons arriving, an image loading).
 */
export function ThreadList({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  label,
  className,
  renderMessage,
  empty,
  highlightId = null,
}: ThreadListProps) {
  const list = useRef<HTMLDivElement>(null);
  const before = useRef<{ firstId?: string; lastId?: string; height: number; atBottom: boolean }>({
    height: 0,
    atBottom: true,
  });

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const previous = before.current;
    const firstId = messages[0]?.id;
    const last = messages.at(-1);
    if (previous.firstId && firstId !== previous.firstId && messages.some((m) => m.id === previous.firstId)) {
      // An older page went in above: keep the same messages in view.
      el.scrollTop += el.scrollHeight - previous.height;
    } else if (last && last.id !== previous.lastId && (previous.atBottom || last.pending || !previous.lastId)) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = {
      firstId,
      lastId: last?.id,
      height: el.scrollHeight,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX,
    };
  }, [messages]);

  // Content that grows on its own (no new message) keeps a reader who was at the bottom there.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = list.current;
    if (!el || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (before.current.atBottom) el.scrollTop = el.scrollHeight;
      before.current.height = el.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  // After the layout effect above has placed the list: the highlighted message then goes to the middle, once.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightId || shown.current === highlightId) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(highlightId)}"]`);
    if (!item) return;
    shown.current = highlightId;
    item.scrollIntoView({ block: 'center' });
    // The reader is now at the message, not the bottom: growing content must not pull them away.
    const el = list.current!;
    before.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    // Focus follows the jump, so a keyboard or screen reader is where the eyes are.
    item.focus({ preventScroll: true });
  }, [highlightId, messages]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    before.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    before.current.height = el.scrollHeight;
    if (el.scrollTop <= CHAT_LOAD_MORE_THRESHOLD_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div
      ref={list}
      role="log"
      aria-label={label}
      // Focusable so a keyboard can scroll it; the browser's own scroll anchoring is off because
      // this list keeps the position itself when older messages are added above.
      tabIndex={0}
      onScroll={onScroll}
      className={cn(
        'focus-visible:ring-ring/50 relative overflow-y-auto rounded-md border p-3 outline-none [overflow-anchor:none] focus-visible:ring-[3px]',
        className,
      )}
    >
      {loadingOlder && (
        // Over the list, not above it: the messages must not move while the page loads.
        <p
          role="status"
          className="text-muted-foreground pointer-events-none absolute inset-x-0 top-1 flex justify-center text-xs"
        >
          <Spinner /> <span className="sr-only">Loading older messages</span>
        </p>
      )}
      <div ref={content}>
        {messages.length === 0 ? (
          empty
        ) : (
          <ol className="grid gap-3">
            {messages.map((m) =>
              m.id === highlightId ? (
                <li
                  key={m.id}
                  data-message-id={m.id}
                  data-highlighted="true"
                  tabIndex={-1}
                  className="ring-primary bg-primary/5 rounded-lg p-1 ring-2 outline-none"
                >
                  <span className="sr-only">Found message: </span>
                  {renderMessage(m)}
                </li>
              ) : (
                <li key={m.id} data-message-id={m.id}>
                  {renderMessage(m)}
                </li>
              ),
            )}
          </ol>
        )}
      </div>
    </div>
  );
}
