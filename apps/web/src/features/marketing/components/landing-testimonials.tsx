import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SAMPLE_MEMBERS } from '../content/member-stories';

/** Fixed sample content (docs/product.md#public-site), shared with Success Stories. */
const TESTIMONIALS = SAMPLE_MEMBERS;

// The strip moves by exactly one copy of the list, so the second copy takes its place seamlessly.
const KEYFRAMES = '@keyframes landing-marquee{to{transform:translateX(-50%)}}';

function TestimonialList({ copy = false }: { copy?: boolean }) {
  return (
    <ul
      // The copy exists only for the loop: screen readers hear the eight stories once.
      aria-hidden={copy || undefined}
      className={cn(
        'flex shrink-0 gap-4 pr-4',
        copy
          ? 'motion-reduce:hidden'
          : 'motion-reduce:grid motion-reduce:grid-cols-1 motion-reduce:gap-4 motion-reduce:pr-0 sm:motion-reduce:grid-cols-2 lg:motion-reduce:grid-cols-4',
      )}
    >
      {TESTIMONIALS.map((t) => (
        <li key={t.name} className="bg-card shrink-0 rounded-2xl p-6 shadow-sm motion-safe:w-72 sm:motion-safe:w-80">
          <figure className="flex h-full flex-col justify-between gap-4">
            <blockquote className="font-display text-lg leading-relaxed">“{t.quote}”</blockquote>
            <figcaption className="text-sm">
              <span className="font-semibold">{t.name}</span>
              <span className="text-muted-foreground">, {t.location}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/**
 * A looping strip of the sample testimonials. It pauses on hover, on keyboard
 * focus and with its own button (WCAG 2.2.2); with reduced motion it is a
 * still grid instead.
 */
export function LandingTestimonials() {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="stories-title" className="group bg-panel-sage/70 py-16 sm:py-24">
      <style href="landing-marquee" precedence="default">
        {KEYFRAMES}
      </style>
      <div className="mx-auto flex max-w-6xl flex-wrap items-end justify-between gap-4 px-4 sm:px-6">
        <div>
          <h2 id="stories-title" className="text-3xl font-semibold text-balance sm:text-4xl">
            What professionals tell us
          </h2>
          <p className="text-muted-foreground mt-2">
            Illustrative stories of the calm moments people in demanding jobs describe to us; names and details are not
            those of real members.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="motion-reduce:hidden"
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          Pause stories
        </Button>
      </div>
      <div className="mt-10 overflow-hidden mask-x-from-95% mask-x-to-100% motion-reduce:mx-auto motion-reduce:max-w-6xl motion-reduce:px-4 motion-reduce:mask-none sm:motion-reduce:px-6">
        <div
          className={cn(
            'flex w-max animate-[landing-marquee_80s_linear_infinite] group-focus-within:[animation-play-state:paused]! group-hover:[animation-play-state:paused]! motion-reduce:block motion-reduce:w-auto motion-reduce:animate-none',
            paused && '[animation-play-state:paused]!',
          )}
        >
          <TestimonialList />
          <TestimonialList copy />
        </div>
      </div>
    </section>
  );
}
