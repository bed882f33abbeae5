import { MessagesScreen } from '@/features/admin-messages';
import { MemberProgramme } from './member-programme';

export default function AdminMessagesPage() {
  return <MessagesScreen renderProgramme={(memberId) => <MemberProgramme memberId={memberId} />} />;
}
