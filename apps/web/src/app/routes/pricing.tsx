import { Link } from 'react-router';
import { findPlanByKey, formatPounds } from '@app/shared';
import { Button } from '@/components/ui/button';
import { PageIntro } from '@/features/marketing/components/page-intro';

const spacePass = findPlanByKey('space_pass');

export default function PricingPage() {
  return (
    <PageIntro
      documentTitle="Pricing"
      eyebrow="Pricing"
      title="Simple, honest pricing"
      actions={
        <Button asChild size="lg">
          <Link to="/auth" state={{ tab: 'signup' }}>
            Join Free Beta Test Now
          </Link>
        </Button>
      }
    >
      <p>
        Calm Space is free while the private beta runs. After that, {spacePass?.name ?? 'The Space Pass'} costs{' '}
        {formatPounds(spacePass?.monthlyPence ?? 0)} a month, or {formatPounds(spacePass?.yearlyPence ?? 0)} a year.
      </p>
    </PageIntro>
  );
}
