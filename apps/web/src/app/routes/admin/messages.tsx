import { MessagesScreen } from '@/features/admin-messages';
import { MemberStepsPanel } from '@/features/admin-steps';

export default function AdminMessagesPage() {
  return <MessagesScreen renderProgramme={(memberId) => <MemberStepsPanel memberId={memberId} />} />;
}
