import { MessageCircle, ShieldCheck, Zap } from 'lucide-react';

const BENEFITS = [
  {
    icon: Zap,
    title: 'Instant calm, any time',
    text: 'Reach your coach in seconds when pressure peaks, not weeks later in an appointment.',
  },
  {
    icon: MessageCircle,
    title: 'Right where you already chat',
    text: 'No new app to learn. Type or send a voice note in the messaging app you use every day.',
  },
  {
    icon: ShieldCheck,
    title: 'Made for professionals',
    text: 'Practical, private coaching for the stress, burnout and self-doubt that come with demanding work.',
  },
] as const;

export function LandingBenefits() {
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <h2 id="benefits-title" className="text-center text-3xl font-semibold text-balance sm:text-4xl">
        Support that fits a busy working day
      </h2>
      <ul className="reveal mt-12 grid gap-10 md:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="text-center md:text-left">
            <span className="bg-accent text-primary inline-flex size-12 items-center justify-center rounded-2xl">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="text-muted-foreground mt-2 leading-relaxed">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
