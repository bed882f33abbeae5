import { useEffect, useRef } from 'react';
import { INBOX_CHANNEL } from '@app/shared';
import { useRealtimeChannel } from '@/lib/realtime/realtime';

/** Several changes in a burst (a member typing fast, a bulk read) cause one refetch. */
const INBOX_REFETCH_DEBOUNCE_MS = 300;

/**
 * Keeps the inbox's list live: an `inbox_changed` frame refetches it after a
 * short pause, and so does every (re)join, since changes made while the socket
 * was down were not announced.
 */
export function useLiveInbox(refetch: () => unknown) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const joins = useRef(0);
  const schedule = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void refetch();
    }, INBOX_REFETCH_DEBOUNCE_MS);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useRealtimeChannel(INBOX_CHANNEL, {
    onFrame: (frame) => {
      if (frame.type === 'inbox_changed') schedule();
    },
    onJoined: () => {
      // The first join follows the first load; a later one follows a reconnect.
      joins.current += 1;
      if (joins.current > 1) schedule();
    },
  });
}
