import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { OverviewScreen } from '@/features/admin-overview';

export default function AdminOverviewPage() {
  return (
    <>
      <AdminPageHeader
        title="Admin Dashboard"
        description="An overview of members, reflections and messages, with the latest activity across Calm Space."
      />
      <OverviewScreen />
    </>
  );
}
