import { SavedRepliesScreen } from '@/features/admin-saved-replies';

export default function AdminSavedRepliesPage() {
  return <SavedRepliesScreen />;
}
