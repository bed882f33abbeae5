import type { Ref } from 'react';
import { Shield, RefreshCw, Zap, type LucideIcon } from 'lucide-react';
import { Illustration } from '@/components/illustrations/illustration';

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Shield,
    title: 'Your Safe Refuge',
    text: 'A private, judgement-free space to set the pressure down, breathe and think clearly again.',
  },
  {
    icon: RefreshCw,
    title: 'Mental Recalibration',
    text: 'Short, guided conversations that turn overwhelm into perspective and one clear next step.',
  },
  {
    icon: Zap,
    title: 'Instant Availability',
    text: 'An AI coach answers in seconds, any time, in the messaging app you already use; people from the team reply within a working day.',
  },
];

/** Step 1: the welcome pitch with its three benefits (docs/product.md#onboarding). */
export function WelcomeStep({
  firstName,
  headingRef,
}: {
  firstName: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="grid gap-6">
      <Illustration name="onboarding-welcome" eager className="w-full max-w-sm sm:max-w-md" />
      <div className="grid gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-2xl font-semibold outline-none sm:text-3xl">
          {firstName ? `Welcome to Calm Space, ${firstName}` : 'Welcome to Calm Space'}
        </h2>
        <p className="text-muted-foreground leading-relaxed">
          You&apos;ve taken a kind step for yourself. Calm Space gives you a coach in your pocket for the moments when
          stress, pressure or self-doubt build up, so you can find your calm and get back to what matters.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="bg-panel-sage/70 flex gap-4 rounded-2xl p-4 sm:flex-col sm:gap-3 sm:p-5">
            <span className="bg-primary text-primary-foreground flex size-10 shrink-0 items-center justify-center rounded-full">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="grid content-start gap-1.5 sm:gap-3">
              <h3 className="font-semibold">{title}</h3>
              <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
