import { useState, type ReactNode } from 'react';
import { PageHead } from '@/components/layouts/page-head';
import { PrerenderedPart } from '@/components/layouts/prerendered-part';
import { SiteHeader } from '@/components/layouts/site-header';
import { mainContentProps } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { ExitIntentOffer } from '@/features/exit-intent';
import { LandingTestimonials } from '@/features/marketing/components/landing-testimonials';
import { Link } from '@/lib/app-navigation';
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
        {/* data-member-nav: the page's pre-rendered calls to action turn to the member's by CSS (decision 065). */}
        <Button asChild variant="outline" size="sm" data-member-nav="">
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

interface LandingShellProps {
  /** The sections before the testimonials; absent, the pre-rendered ones are kept (PrerenderedPart). */
  intro?: ReactNode;
  /** The sections after them, likewise. */
  outro?: ReactNode;
  /** The footer (links only), likewise. */
  footer?: ReactNode;
}

/**
 * The landing page around its static sections and footer: the header (whose buttons
 * follow the session), the testimonials (which can be paused) and the exit-intent
 * offer. routes/landing.tsx fills in the sections; the marketing pages' entry hydrates
 * the shell alone and keeps the sections as pre-rendered (decision 041).
 */
export function LandingShell({ intro, outro, footer }: LandingShellProps) {
  const { status } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <PageHead
        description="Instant calm when stress hits: AI-led coaching for stressed, burnt-out and anxious professionals, by text or voice note in your messaging app. Join the free beta."
        path="/"
      />
      <SiteHeader compactLogo actions={<LandingActions />} />
      <main {...mainContentProps} className="flex flex-1 flex-col">
        <PrerenderedPart>{intro}</PrerenderedPart>
        <LandingTestimonials />
        <PrerenderedPart>{outro}</PrerenderedPart>
      </main>
      <PrerenderedPart>{footer}</PrerenderedPart>
      {/* Visitors only: never a signed-in member, nor anyone while the session is still being read. */}
      <ExitIntentOffer enabled={status === 'signedOut'} />
    </div>
  );
}

/** What the marketing pages' entry hydrates on "/". */
export default function LandingHydration() {
  return <LandingShell />;
}
