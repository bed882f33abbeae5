import { MessageCircle } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { Button } from '@/components/ui/button';
import { useMemberNotifications } from '../api/member-notifications';

/**
 * The header's "2 new replies" (decision 063): shown only while something
 * waits, leading to the chat on the dashboard. The count comes from the
 * same query the ReplyWatcher keeps current.
 */
export function UnreadRepliesLink() {
  const unread = useMemberNotifications().data?.unread_replies ?? 0;
  if (unread === 0) return null;
  const label = `${unread} new ${unread === 1 ? 'reply' : 'replies'} from your coach`;
  return (
    <Button asChild variant="outline" size="sm" className="gap-1.5">
      <Link to="/dashboard#coach-chat" aria-label={label}>
        <MessageCircle aria-hidden="true" />
        <span
          aria-hidden="true"
          className="bg-primary text-primary-foreground rounded-full px-1.5 text-xs font-semibold"
        >
          {unread > 99 ? '99+' : unread}
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          {unread === 1 ? 'new reply' : 'new replies'}
        </span>
      </Link>
    </Button>
  );
}
