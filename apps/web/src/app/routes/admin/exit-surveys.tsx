import { ExitSurveysScreen } from '@/features/admin-exit-surveys';

export default function AdminExitSurveysPage() {
  return <ExitSurveysScreen />;
}
