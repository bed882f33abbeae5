import { StrategicPromptsScreen } from '@/features/admin-prompts';

export default function AdminStrategicPromptsPage() {
  return <StrategicPromptsScreen />;
}
