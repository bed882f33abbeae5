import { MemberCheckinsPanel } from '@/features/admin-programme';
import { MessagesScreen } from '@/features/admin-messages';

export default function AdminMessagesPage() {
  return <MessagesScreen renderMemberPanel={(memberId) => <MemberCheckinsPanel memberId={memberId} />} />;
}
