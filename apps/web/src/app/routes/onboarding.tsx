import { Link } from 'react-router';
import { MemberPage } from '@/components/layouts/member-page';
import { Button } from '@/components/ui/button';

export default function OnboardingPage() {
  return (
    <MemberPage
      title="Let's set up your space"
      description="A short setup shapes your coaching around you: what you want to focus on and the plan that suits you."
    >
      <Button asChild size="lg">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </MemberPage>
  );
}
