import { MessagesScreen } from '@/features/admin-messages';

export default function AdminMessagesPage() {
  return <MessagesScreen />;
}
