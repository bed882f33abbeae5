import { MessagesScreen } from '@/features/admin-messages';
import { MemberContext } from './member-context';
import { MemberProgramme } from './member-programme';

export default function AdminMessagesPage() {
  return (
    <MessagesScreen
      renderProgramme={(memberId) => <MemberProgramme memberId={memberId} />}
      renderContext={(memberId) => <MemberContext memberId={memberId} />}
    />
  );
}
