import { useAuth } from '@/features/auth';
import { MessagesScreen } from '@/features/admin-messages';
import { MemberProgramme } from './member-programme';

export default function AdminMessagesPage() {
  const { user } = useAuth();
  return <MessagesScreen viewerId={user?.id} renderProgramme={(memberId) => <MemberProgramme memberId={memberId} />} />;
}
