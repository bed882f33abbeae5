import { useState } from 'react';
import { Link } from 'react-router';
import { PageHead } from '@/components/layouts/page-head';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { ExitIntentOffer } from '@/features/exit-intent';
import { LandingBenefits } from '@/features/marketing/components/landing-benefits';
import { LandingBeta } from '@/features/marketing/components/landing-beta';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { LandingJourney } from '@/features/marketing/components/landing-journey';
import { LandingTestimonials } from '@/features/marketing/components/landing-testimonials';
import { mainContentProps } from '@/components/layouts/skip-link';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

function LandingActions() {
  const { status, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  if (status === 'loading') {
    return (
      // As tall as the buttons that replace it, so the header keeps its height.
      <p role="status" className="text-muted-foreground flex h-9 items-center px-2 text-sm">
        Loading...
      </p>
    );
  }
  if (status === 'signedIn') {
    return (
      <>
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard">Dashboard</Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          busy={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          {signingOut ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
        <Link to="/auth">Sign In</Link>
      </Button>
      <Button asChild variant="outline" size="sm" className="px-2 sm:px-3">
        <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
          Sign Up
        </Link>
      </Button>
      <Button asChild size="sm" className="px-2 sm:px-3">
        <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
          Try for Free
        </Link>
      </Button>
    </>
  );
}

export default function LandingPage() {
  const { status } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <PageHead
        description="Instant calm when stress hits: AI-led coaching for stressed, burnt-out and anxious professionals, by text or voice note in your messaging app. Join the free beta."
        path="/"
      />
      <SiteHeader compactLogo actions={<LandingActions />} />
      <main {...mainContentProps} className="flex flex-1 flex-col">
        <LandingHero />
        <LandingBeta />
        <LandingBenefits />
        <LandingTestimonials />
        <LandingJourney />
      </main>
      <SiteFooter />
      {/* Visitors only: never a signed-in member, nor anyone while the session is still being read. */}
      <ExitIntentOffer enabled={status === 'signedOut'} />
    </div>
  );
}
