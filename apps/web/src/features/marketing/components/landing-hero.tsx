import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { BETA_CAPACITY, BETA_SPOTS_LEFT } from '@app/shared';
import { Button } from '@/components/ui/button';

/** The landing page's first screen (docs/product.md#public-site). */
export function LandingHero() {
  return (
    <section aria-labelledby="landing-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-linear-to-br from-teal-50 via-background to-emerald-50"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-24 size-80 rounded-full bg-emerald-100/60 blur-3xl sm:size-[28rem]"
      />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24 lg:py-28">
        <p className="border-primary/20 bg-background/70 text-primary inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium">
          <span aria-hidden="true" className="bg-primary size-2 rounded-full" />
          Free beta · {BETA_SPOTS_LEFT} of {BETA_CAPACITY} spots left
        </p>
        <h1
          id="landing-title"
          className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Find your calm when work gets loud
        </h1>
        <p className="text-muted-foreground mt-5 max-w-2xl text-lg leading-relaxed text-pretty sm:text-xl">
          Calm Space is a personal coach for stressed, stretched professionals. Instant calm when stress hits, right
          inside your messaging app, by text or voice note.
        </p>
        <Button asChild size="lg" className="mt-8 h-12 px-7 text-base">
          <Link to="/auth" state={{ tab: 'signup' }}>
            Join Free Beta Test Now
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <p className="text-muted-foreground mt-4 text-sm">No credit card. Takes a minute to join.</p>
      </div>
    </section>
  );
}
