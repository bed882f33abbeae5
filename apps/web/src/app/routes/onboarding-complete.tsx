import { Link } from 'react-router';
import { MemberPage } from '@/components/layouts/member-page';
import { Button } from '@/components/ui/button';

export default function OnboardingCompletePage() {
  return (
    <MemberPage
      title="Your space is ready"
      description="Connect with your coach in your messaging app whenever you need a moment of calm."
    >
      <Button asChild size="lg">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </MemberPage>
  );
}
