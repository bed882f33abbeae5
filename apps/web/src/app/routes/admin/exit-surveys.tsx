import { AdminPageHeader } from '@/components/layouts/admin-page-header';

export default function AdminExitSurveysPage() {
  return (
    <AdminPageHeader
      title="Exit Intent Surveys"
      description="Answers from visitors who were offered the 30-day free trial as they were leaving the site."
    />
  );
}
