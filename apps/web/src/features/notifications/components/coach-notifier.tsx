import { useEffect, useRef } from 'react';
import { BellRing } from 'lucide-react';
import { INBOX_CHANNEL } from '@app/shared';
import { Button } from '@/components/ui/button';
import { useNavigate } from '@/lib/app-navigation';
import { useRealtimeChannel } from '@/lib/realtime/realtime';
import { setTitleCount } from '@/lib/title-count';
import { useCoachNotifications, useRefreshCoachNotifications } from '../api/coach-notifications';
import { useBrowserNotifications } from '../hooks/use-browser-notifications';

const INBOX_PATH = '/admin/messages';

/**
 * Tells a coach, on every admin page, that member messages wait (decision
 * 063): their number before the tab's title, and, once the coach has turned
 * them on with this button, a browser notification when a new one comes (an
 * urgent conversation says so), unless the inbox itself is in front of them.
 * The server decides which conversations are this coach's to hear about.
 */
export function CoachNotifier() {
  const waiting = useCoachNotifications();
  const refresh = useRefreshCoachNotifications();
  const navigate = useNavigate();
  const { permission, request, notify } = useBrowserNotifications();
  const seen = useRef<{ latestAt: string | null; urgent: number } | null>(null);

  useRealtimeChannel(INBOX_CHANNEL, {
    onJoined: () => void refresh(),
    onFrame: (frame) => {
      if (frame.type === 'inbox_changed') void refresh();
    },
  });

  const data = waiting.data;
  useEffect(() => {
    setTitleCount(data?.unread_messages ?? 0);
  }, [data?.unread_messages]);
  useEffect(() => () => setTitleCount(0), []);

  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    seen.current = { latestAt: data.latest_at, urgent: data.urgent_conversations };
    // The first answer is what waited already: only what comes after it is news.
    if (!before) return;
    const newMessage = data.latest_at !== null && (before.latestAt === null || data.latest_at > before.latestAt);
    const newUrgent = data.urgent_conversations > before.urgent;
    if (!newMessage && !newUrgent) return;
    const inboxInFront = document.visibilityState === 'visible' && window.location.pathname.startsWith(INBOX_PATH);
    if (inboxInFront) return;
    notify(newUrgent ? 'Urgent: a member may be at risk' : 'New message from a member', {
      body: newUrgent
        ? 'A conversation was marked urgent. Please open the inbox.'
        : `${data.unread_conversations} ${data.unread_conversations === 1 ? 'conversation is' : 'conversations are'} waiting for a reply.`,
      tag: newUrgent ? 'calm-space-urgent' : 'calm-space-inbox',
      onClick: () => navigate(INBOX_PATH),
    });
  }, [data, navigate, notify]);

  if (permission !== 'default') return null;
  return (
    // Only the bell on a phone, where the header has room for little beside the product's name.
    <Button variant="outline" size="sm" onClick={() => void request()} className="px-2.5 sm:px-3">
      <BellRing aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Turn on notifications</span>
    </Button>
  );
}
