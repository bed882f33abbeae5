import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ThreadMessage } from '@/lib/realtime/thread';

/**
 * Reading a reply sets its read_at (docs/product.md#messages): while the chat is on
 * screen and the tab is visible, unread coach messages are reported read once
 * (and again when new ones arrive). A failure is only logged, as every failure
 * to mark read is (docs/product.md#on-screen); the next look tries again.
 */
export function useMarkRepliesRead(
  target: RefObject<HTMLElement | null>,
  messages: ThreadMessage[],
  markRead: () => Promise<unknown>,
) {
  const [inView, setInView] = useState(false);
  const [tabVisible, setTabVisible] = useState(() => document.visibilityState === 'visible');
  const inFlight = useRef(false);

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [target]);

  useEffect(() => {
    const onChange = () => setTabVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  const unreadReplies = messages.filter((m) => m.is_admin_message && !m.pending && m.read_at === null).length;
  useEffect(() => {
    if (!inView || !tabVisible || unreadReplies === 0 || inFlight.current) return;
    inFlight.current = true;
    markRead()
      .catch((error: unknown) => console.warn('Marking the coach replies read failed', error))
      .finally(() => {
        inFlight.current = false;
      });
  }, [inView, tabVisible, unreadReplies, markRead]);
}
