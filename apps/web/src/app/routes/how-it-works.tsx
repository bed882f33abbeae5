import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageIntro } from '@/features/marketing/components/page-intro';

export default function HowItWorksPage() {
  return (
    <PageIntro
      documentTitle="How It Works"
      eyebrow="How It Works"
      title="Calm, one message away"
      actions={
        <Button asChild size="lg">
          <Link to="/auth" state={{ tab: 'signup' }}>
            Get Started
          </Link>
        </Button>
      }
    >
      <p>
        Choose your focus and the coaching tone that suits you, then talk to your coach by text or voice note in your
        messaging app whenever stress hits.
      </p>
    </PageIntro>
  );
}
