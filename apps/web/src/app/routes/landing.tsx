import { LandingBenefits } from '@/features/marketing/components/landing-benefits';
import { LandingBeta } from '@/features/marketing/components/landing-beta';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { LandingJourney } from '@/features/marketing/components/landing-journey';
import { SiteFooter } from '@/components/layouts/site-footer';
import { LandingShell } from './landing-shell';

/** The landing page whole: in the SPA, and as the build pre-renders it. */
export default function LandingPage() {
  return (
    <LandingShell
      intro={
        <>
          <LandingHero />
          <LandingBeta />
          <LandingBenefits />
        </>
      }
      outro={<LandingJourney />}
      footer={<SiteFooter />}
    />
  );
}
