import { Sparkles } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { Button } from '@/components/ui/button';
import { loadPage } from '@/lib/navigation';
import { leaveDemo } from '@/lib/demo/demo-session';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

/** Tells a demo visitor where they are, and offers the two ways out (docs/product.md#demo-mode). */
export function DemoBanner() {
  return (
    <section aria-label="Demo mode" className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <p className="flex items-start gap-2 text-sm leading-relaxed sm:items-center">
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 sm:mt-0" />
          <span>
            <strong className="font-semibold">You&apos;re exploring the demo.</strong> Your choices stay in this browser
            only; create an account to keep them and talk to your coach.
          </span>
        </p>
        <div className="flex shrink-0 gap-2 sm:ml-auto">
          <Button asChild size="sm">
            <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
              Sign up
            </Link>
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="border-amber-300 bg-white/70"
            onClick={() => {
              leaveDemo();
              // A full page load, as sign-out does: every cached demo answer goes with it, and the
              // signed-in guard never sees a half-left demo and sends the visitor to /auth.
              loadPage('/');
            }}
          >
            Leave demo
          </Button>
        </div>
      </div>
    </section>
  );
}
