import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { Button } from '@/components/ui/button';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

interface CallToActionProps {
  title: string;
  children: ReactNode;
  /** The button's label; it always leads to the sign-up tab of /auth. */
  action?: string;
}

/** The closing band of a marketing page, inviting the visitor to sign up. */
export function CallToAction({ title, children, action = 'Join Free Beta Test Now' }: CallToActionProps) {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="bg-primary text-primary-foreground focus-invert relative mx-auto max-w-5xl overflow-hidden rounded-3xl px-6 py-12 text-center shadow-md sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -left-24 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-20 -bottom-28 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <h2 id="cta-title" className="relative text-3xl font-semibold text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="relative mx-auto mt-3 max-w-xl text-lg leading-relaxed text-pretty text-teal-50">{children}</p>
        {/* A signed-in member is never invited to join: the way to their space instead. */}
        <Button
          asChild
          size="lg"
          variant="secondary"
          className="relative mt-8 h-12 rounded-full px-7 text-base [:root:has([data-member-nav])_&]:hidden"
        >
          <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
            {action}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="secondary"
          className="relative mt-8 h-12 rounded-full px-7 text-base hidden [:root:has([data-member-nav])_&]:inline-flex"
        >
          <Link to="/dashboard">
            Go to your space
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
