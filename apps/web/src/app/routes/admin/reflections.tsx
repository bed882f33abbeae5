import { AdminPageHeader } from '@/components/layouts/admin-page-header';

export default function AdminReflectionsPage() {
  return (
    <AdminPageHeader
      title="Reflections"
      description="Members' written reflections on their strategic prompts, newest first."
    />
  );
}
