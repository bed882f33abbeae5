import { useEffect, useRef } from 'react';

/**
 * Marks the open conversation read when its unread messages are seen
 * (decision 061): at once when the tab is visible, or as soon as it becomes
 * visible. A message arriving while an admin reads the conversation is thus
 * read, and one arriving in a background tab stays unread until the admin
 * looks. One request at a time; `unread` going true again asks again.
 */
export function useReadWhenSeen(unread: boolean, markRead: () => Promise<unknown>) {
  const busy = useRef(false);
  const latest = useRef(markRead);
  latest.current = markRead;
  useEffect(() => {
    if (!unread) return;
    const attempt = () => {
      if (busy.current || document.visibilityState !== 'visible') return;
      busy.current = true;
      void latest.current().finally(() => {
        busy.current = false;
      });
    };
    attempt();
    document.addEventListener('visibilitychange', attempt);
    return () => document.removeEventListener('visibilitychange', attempt);
  }, [unread]);
}
