import { ArrowRight } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { HeroHorizon } from '@/components/illustrations/hero-horizon';
import { Button } from '@/components/ui/button';
import { useBetaCopy } from '@/lib/beta-places';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

/** The landing page's first screen (docs/product.md#public-site). */
export function LandingHero() {
  const beta = useBetaCopy();
  return (
    <section aria-labelledby="landing-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="from-panel-dawn/70 via-background to-panel-sage/70 pointer-events-none absolute inset-0 bg-linear-to-br"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:py-24">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="border-primary/20 bg-card/80 text-primary inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium">
            <span aria-hidden="true" className="bg-primary size-2 rounded-full" />
            Free beta{beta && ` · ${beta.spotsOfSeats}`}
          </p>
          <h1
            id="landing-title"
            className="mt-6 text-4xl leading-[1.08] font-semibold text-balance sm:text-5xl lg:text-6xl"
          >
            Find your calm when work gets loud
          </h1>
          <p className="text-muted-foreground mt-5 max-w-2xl text-lg leading-relaxed text-pretty sm:text-xl">
            Calm Space is a personal coach for stressed, stretched professionals. Instant calm when stress hits, right
            inside your messaging app, by text or voice note.
          </p>
          {/* Pre-rendered for visitors; a signed-in member sees the way to their space instead. */}
          <Button
            asChild
            size="lg"
            className="mt-8 h-12 rounded-full px-7 text-base [:root:has([data-member-nav])_&]:hidden"
          >
            <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
              Join Free Beta Test Now
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            className="mt-8 h-12 rounded-full px-7 text-base hidden [:root:has([data-member-nav])_&]:inline-flex"
          >
            <Link to="/dashboard">
              Go to your space
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="text-muted-foreground mt-4 text-sm [:root:has([data-member-nav])_&]:hidden">
            No credit card. Takes a minute to join.
          </p>
        </div>
        <HeroHorizon className="fade-in mx-auto max-w-md lg:max-w-none" />
      </div>
    </section>
  );
}
