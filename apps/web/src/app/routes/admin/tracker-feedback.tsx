import { AdminPageHeader } from '@/components/layouts/admin-page-header';

export default function AdminTrackerFeedbackPage() {
  return (
    <AdminPageHeader
      title="Tracker Feedback"
      description="How members would like to track their progress, and the tools they already use."
    />
  );
}
