import { AdminPageHeader } from '@/components/layouts/admin-page-header';

export default function AdminStrategicPromptsPage() {
  return (
    <AdminPageHeader title="Strategic Prompts" description="The prompts members reflect on, grouped by focus area." />
  );
}
