import { useAuth } from '@/features/auth';
import { MessagesScreen } from '@/features/admin-messages';
import { SavedReplyComposer } from '@/features/admin-saved-replies';
import { MemberContext } from './member-context';
import { MemberProgramme } from './member-programme';

export default function AdminMessagesPage() {
  const { user } = useAuth();
  return (
    <MessagesScreen
      viewerId={user?.id}
      renderProgramme={(memberId) => <MemberProgramme memberId={memberId} />}
      // The reply box offers the team's saved replies on `/` (decision 062).
      renderComposer={(composer, personName) => <SavedReplyComposer {...composer} personName={personName} />}
      renderContext={(memberId) => <MemberContext memberId={memberId} />}
    />
  );
}
