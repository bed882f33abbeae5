import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { conversationChannel } from '@app/shared';
import { useNavigate } from '@/lib/app-navigation';
import { useRealtimeChannel } from '@/lib/realtime/realtime';
import { setTitleCount } from '@/lib/title-count';
import { useMemberNotifications, useRefreshMemberNotifications } from '../api/member-notifications';

/**
 * Keeps the member's waiting replies current on every signed-in page
 * (decision 063): listens on their conversation's channel, counts again when
 * a reply comes or they read, puts the count before the tab's title, and,
 * where the chat is not on screen (`toasts`), says so in a toast that leads
 * to it. Renders nothing.
 */
export function ReplyWatcher({ toasts }: { toasts: boolean }) {
  const notifications = useMemberNotifications();
  const refresh = useRefreshMemberNotifications();
  const navigate = useNavigate();
  const conversationId = notifications.data?.conversation_id;
  // A changed message (a voice note transcribed) comes again: it is told of once.
  const told = useRef(new Set<string>());

  useRealtimeChannel(conversationId ? conversationChannel(conversationId) : null, {
    onJoined: () => void refresh(),
    onFrame(frame) {
      if (frame.type === 'read') void refresh();
      if (frame.type !== 'message' || !frame.message.is_admin_message) return;
      void refresh();
      if (told.current.has(frame.message.id)) return;
      told.current.add(frame.message.id);
      if (toasts) {
        toast('New reply from your coach', {
          id: 'coach-reply',
          description: 'It is waiting in your chat.',
          action: { label: 'Read it', onClick: () => navigate('/dashboard#coach-chat') },
        });
      }
    },
  });

  const unread = notifications.data?.unread_replies ?? 0;
  useEffect(() => {
    setTitleCount(unread);
  }, [unread]);
  useEffect(() => () => setTitleCount(0), []);
  return null;
}
