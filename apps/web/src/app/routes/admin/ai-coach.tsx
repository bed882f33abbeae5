import { CoachSettingsScreen } from '@/features/admin-coach';

export default function AdminAiCoachPage() {
  return <CoachSettingsScreen />;
}
