import { TrackerFeedbackScreen } from '@/features/admin-tracker-feedback';

export default function AdminTrackerFeedbackPage() {
  return <TrackerFeedbackScreen />;
}
