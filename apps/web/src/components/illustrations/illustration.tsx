import { cn } from '@/lib/cn';
// `?no-inline`: always a file of its own, fetched when shown (lazily below the
// fold), never inlined into the JavaScript that every page loads first.
import emptyMessages from './art/empty-messages.svg?no-inline';
import emptyReflections from './art/empty-reflections.svg?no-inline';
import journeyEnter from './art/journey-enter.svg?no-inline';
import journeyPerform from './art/journey-perform.svg?no-inline';
import journeyRecalibrate from './art/journey-recalibrate.svg?no-inline';
import journeyReconnect from './art/journey-reconnect.svg?no-inline';
import onboardingWelcome from './art/onboarding-welcome.svg?no-inline';

/** The illustration set (docs/design.md#illustrations): name → file and its drawn size. */
const ART = {
  'journey-enter': { src: journeyEnter, width: 160, height: 120 },
  'journey-recalibrate': { src: journeyRecalibrate, width: 160, height: 120 },
  'journey-reconnect': { src: journeyReconnect, width: 160, height: 120 },
  'journey-perform': { src: journeyPerform, width: 160, height: 120 },
  'empty-reflections': { src: emptyReflections, width: 160, height: 120 },
  'empty-messages': { src: emptyMessages, width: 160, height: 120 },
  'onboarding-welcome': { src: onboardingWelcome, width: 240, height: 120 },
} as const;

export type IllustrationName = keyof typeof ART;

interface IllustrationProps {
  name: IllustrationName;
  className?: string;
  /** Above the fold: load with the page rather than when scrolled near. */
  eager?: boolean;
}

/**
 * One of the product's own drawings, as a decorative image: empty alt text, so
 * screen readers skip it; width and height reserve its space before it loads.
 */
export function Illustration({ name, className, eager = false }: IllustrationProps) {
  const { src, width, height } = ART[name];
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={cn('h-auto select-none', className)}
    />
  );
}
