import {
  ArrowRight,
  CalendarCheck,
  Headphones,
  ListChecks,
  MessageCircle,
  ShieldCheck,
  Sprout,
  Zap,
} from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { PageHead } from '@/components/layouts/page-head';
import { Button } from '@/components/ui/button';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { ChatPreview } from '@/features/marketing/components/chat-preview';
import { FeatureCard } from '@/features/marketing/components/feature-card';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { SectionHeading } from '@/features/marketing/components/section-heading';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

const PILLARS = [
  {
    icon: Zap,
    title: 'Instant Reset',
    text: 'When a meeting goes sideways or your inbox overflows, message your coach and get a calming technique you can use in the next two minutes.',
  },
  {
    icon: Sprout,
    title: 'Build Resilience',
    text: 'Short, practical step tasks and regular check-ins turn one-off relief into habits that keep you steady week after week.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe Space',
    text: 'A private, judgement-free place to say what is really going on. Your conversations stay confidential and are never shared with your employer.',
  },
] as const;

const DELIVERY = [
  {
    icon: Headphones,
    title: 'Text and audio',
    text: 'Type when you are in an open-plan office; send a voice note on the walk home. Your coach replies in kind.',
  },
  {
    icon: ListChecks,
    title: 'Step tasks',
    text: 'Small, specific actions matched to your focus area, so progress never feels like another project.',
  },
  {
    icon: CalendarCheck,
    title: 'Check-ins',
    text: 'Gentle nudges at the moments you choose, to notice how you are doing before stress builds up.',
  },
  {
    icon: MessageCircle,
    title: 'Weekly summaries',
    text: 'A short recap of what you worked on, what helped and one thing to try next week.',
  },
] as const;

const TRANSFORMATIONS = [
  { from: 'Overwhelmed', to: 'In control', text: 'Break a crowded week into clear next steps and let the rest wait.' },
  {
    from: 'Reactive',
    to: 'Responsive',
    text: 'Create a pause between the trigger and your reply, and choose your answer.',
  },
  { from: 'Self-doubt', to: 'Self-belief', text: 'Reconnect with the skills and wins that brought you this far.' },
  {
    from: 'Running on empty',
    to: 'Sustainable energy',
    text: 'Build recovery into your days so you can perform without burning out.',
  },
] as const;

export default function HowItWorksPage() {
  return (
    <>
      <PageHead
        title="How It Works"
        description="See how Calm Space works: instant resets, resilience-building step tasks, check-ins and weekly summaries, delivered by text and voice note in your messaging app."
        path="/how-it-works"
      />
      <PageIntro
        eyebrow="How It Works"
        title="Calm, one message away"
        actions={
          <Button asChild size="lg">
            <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      >
        <p>
          Choose your focus and the coaching tone that suits you, then talk to your coach by text or voice note in the
          messaging app you already use — whenever stress hits.
        </p>
      </PageIntro>

      <section aria-labelledby="pillars-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20">
        <SectionHeading id="pillars-title" title="Three ways Calm Space supports you">
          Relief in the moment, strength over time, and a place where you can be honest.
        </SectionHeading>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {PILLARS.map((pillar) => (
            <li key={pillar.title}>
              <FeatureCard icon={pillar.icon} title={pillar.title}>
                {pillar.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="delivery-title" className="bg-panel-sand">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="text-primary mb-2 text-sm font-semibold tracking-wide uppercase">Where it happens</p>
            <h2 id="delivery-title" className="text-3xl font-semibold text-balance sm:text-4xl">
              Coaching inside your messaging app
            </h2>
            <p className="text-muted-foreground mt-3 text-lg leading-relaxed text-pretty">
              No new app to learn and no appointments to book. Your coach lives in the chat you already open dozens of
              times a day, so support is there the moment you need it.
            </p>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2">
              {DELIVERY.map((item) => (
                <li key={item.title} className="flex gap-3">
                  <span className="bg-accent text-primary inline-flex size-9 shrink-0 items-center justify-center rounded-lg">
                    <item.icon aria-hidden="true" className="size-4" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{item.title}</h3>
                    <p className="text-muted-foreground mt-1 text-sm leading-relaxed">{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <ChatPreview />
        </div>
      </section>

      <section aria-labelledby="transformations-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="transformations-title"
          eyebrow="The change you can expect"
          title="From surviving to thriving"
        >
          The shifts our members work towards, one conversation at a time.
        </SectionHeading>
        <ul className="reveal mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TRANSFORMATIONS.map((item) => (
            <li key={item.to} className="bg-panel-sage/70 rounded-2xl p-6">
              <h3>
                <span className="text-muted-foreground block text-sm font-medium">From {item.from.toLowerCase()}</span>
                <span className="text-primary mt-1 block text-lg font-semibold">to {item.to.toLowerCase()}</span>
              </h3>
              <p className="text-muted-foreground border-foreground/10 mt-3 border-t pt-3 text-sm leading-relaxed">
                {item.text}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <CallToAction title="Ready for your first calm conversation?">
        Join the free private beta today. It takes a minute to set up, and your coach is waiting in your messaging app.
      </CallToAction>
    </>
  );
}
