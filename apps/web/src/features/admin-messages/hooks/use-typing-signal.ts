import { useCallback, useRef } from 'react';
import { sendTyping } from '../api/whatsapp';

/** At most one typing signal this often: WhatsApp shows "typing…" for about 25 s, or until the reply arrives. */
const TYPING_EVERY_MS = 10_000;

/**
 * While the coach writes a reply that can reach WhatsApp (`active`: a contact
 * writes here and the window is open), tells the person's WhatsApp they are
 * typing: `typed()` on each change of the box, `sent()` once the reply went
 * (the next keystroke may signal again at once). A failed signal is let go:
 * it only decorates the other side's screen.
 */
export function useTypingSignal(conversationId: string, active: () => boolean) {
  const last = useRef(0);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_EVERY_MS || !active()) return;
    last.current = now;
    sendTyping(conversationId).catch((error: unknown) => console.warn('The typing signal failed', error));
  }, [conversationId, active]);
  const sent = useCallback(() => {
    last.current = 0;
  }, []);
  return { typed, sent };
}
