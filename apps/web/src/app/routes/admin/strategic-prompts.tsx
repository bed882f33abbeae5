import { StrategicPromptsScreen } from '@/features/admin-prompts';
import { useFocusAreas } from '@/features/catalog';

export default function AdminStrategicPromptsPage() {
  const focusAreas = useFocusAreas();
  return <StrategicPromptsScreen focusAreas={focusAreas.data ?? []} />;
}
