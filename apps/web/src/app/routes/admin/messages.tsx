import { MessagesScreen } from '@/features/admin-messages';
import { SavedReplyComposer } from '@/features/admin-saved-replies';
import { MemberProgramme } from './member-programme';

export default function AdminMessagesPage() {
  return (
    <MessagesScreen
      renderProgramme={(memberId) => <MemberProgramme memberId={memberId} />}
      // The reply box offers the team's saved replies on `/` (decision 062).
      renderComposer={(composer, personName) => <SavedReplyComposer {...composer} personName={personName} />}
    />
  );
}
