import { useRef } from 'react';
import { conversationChannel } from '@app/shared';
import { useRealtimeChannel } from '@/lib/realtime/realtime';

/**
 * Keeps the pane's coach side live: the server announces every change of who
 * answers (a coach's reply pausing the AI, a crisis, another coach's button)
 * with an `automation` frame on the conversation's channel, and the header is
 * read again. A rejoin reads it too, since changes made while the socket was
 * down were not announced. (The thread listens on the same channel; the client
 * joins it once for both.)
 */
export function useLiveCoachState(conversationId: string, refetch: () => unknown) {
  const joins = useRef(0);
  useRealtimeChannel(conversationChannel(conversationId), {
    onFrame: (frame) => {
      if (frame.type === 'automation' && frame.conversation_id === conversationId) void refetch();
    },
    onJoined: () => {
      // The first join follows the header's first read; a later one follows a reconnect.
      joins.current += 1;
      if (joins.current > 1) void refetch();
    },
  });
}
