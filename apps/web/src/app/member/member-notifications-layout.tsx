import { Outlet } from 'react-router';
import { useLocation } from '@/lib/app-navigation';
import { ReplyWatcher } from '@/features/notifications';
import { useMember } from '@/lib/member-api/member-api';

/**
 * Around every signed-in member screen (decision 063): a signed-in member
 * (not a demo visitor, whose chat stays in the page) hears of a coach's reply
 * wherever they are, with a toast except on the dashboard, where the chat is.
 */
export default function MemberNotificationsLayout() {
  const member = useMember();
  const { pathname } = useLocation();
  return (
    <>
      {member && !member.demo && <ReplyWatcher toasts={pathname !== '/dashboard'} />}
      <Outlet />
    </>
  );
}
