import { Check, Clock, HeartHandshake, Lock, Target, X } from 'lucide-react';
import { PageHead } from '@/components/layouts/page-head';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { FeatureCard } from '@/features/marketing/components/feature-card';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { SectionHeading } from '@/features/marketing/components/section-heading';

const CHALLENGES = [
  'Back-to-back meetings with no time to think',
  'Stress that follows you home and into the night',
  'Support that means waiting lists or booked appointments',
  'Feeling you have to hold it together for everyone else',
] as const;

const TRANSFORMATIONS = [
  'A two-minute reset before the next meeting',
  'Evenings that belong to you again',
  'A coach in your pocket, the moment you need one',
  'A private space to be honest about how you feel',
] as const;

const VALUES = [
  {
    icon: Lock,
    title: 'Privacy first',
    text: 'What you share stays between you and your coach. We never sell your data or report to your employer.',
  },
  {
    icon: Clock,
    title: 'There when it counts',
    text: 'Stress does not keep office hours. An AI coach answers in seconds, any time; people from the team reply within a working day.',
  },
  {
    icon: HeartHandshake,
    title: 'Warmth without judgement',
    text: 'We speak to you as a capable adult having a hard moment, never as a problem to be fixed.',
  },
  {
    icon: Target,
    title: 'Practical progress',
    text: 'Small, specific steps you can take today beat grand plans you never start.',
  },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHead
        title="About"
        description="Why we built Calm Space: a private coach for stressed professionals, an AI that answers in seconds with people from our team behind it, delivered in the messaging app you already use."
        path="/about"
      />
      <PageIntro eyebrow="About" title="About Calm Space">
        <p>
          We built Calm Space for professionals who carry a lot: a private place to pause, recalibrate and reconnect
          with your strength, right where you already message.
        </p>
      </PageIntro>

      <section aria-labelledby="mission-title" className="mx-auto max-w-3xl px-4 pb-16 text-center sm:px-6 sm:pb-20">
        <p className="text-primary mb-2 text-sm font-semibold tracking-wide uppercase">Our mission</p>
        <h2 id="mission-title" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          Calm, focus and self-belief for every working professional
        </h2>
        <p className="text-muted-foreground mt-4 text-lg leading-relaxed text-pretty">
          Good support should not depend on your diary, your postcode or your budget. Our mission is to make everyday
          coaching as easy to reach as a message to a friend, so that stress becomes something you can handle rather
          than something that handles you.
        </p>
      </section>

      <section aria-labelledby="change-title" className="bg-panel-sand">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-20">
          <SectionHeading id="change-title" title="From the challenge to the change">
            Most of the professionals we speak to are not in crisis. They are simply stretched too thin for too long.
          </SectionHeading>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            <div className="bg-card shadow-soft rounded-2xl p-6 sm:p-8">
              <h3 className="text-lg font-semibold">The challenge</h3>
              <ul className="mt-4 space-y-3">
                {CHALLENGES.map((item) => (
                  <li key={item} className="text-muted-foreground flex gap-3">
                    <X aria-hidden="true" className="mt-1 size-4 shrink-0 text-rose-700" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="bg-panel-sage shadow-soft rounded-2xl p-6 sm:p-8">
              <h3 className="text-lg font-semibold">The transformation</h3>
              <ul className="mt-4 space-y-3">
                {TRANSFORMATIONS.map((item) => (
                  <li key={item} className="flex gap-3">
                    <Check aria-hidden="true" className="text-primary mt-1 size-4 shrink-0" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading id="values-title" eyebrow="What we stand for" title="Our values" />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title}>
              <FeatureCard icon={value.icon} title={value.title}>
                {value.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="story-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6 sm:pb-20">
        <div className="bg-card rounded-2xl border p-6 shadow-xs sm:p-10">
          <p className="text-primary mb-2 text-sm font-semibold tracking-wide uppercase">Our story</p>
          <h2 id="story-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Born from a very ordinary Tuesday
          </h2>
          <div className="text-muted-foreground mt-5 space-y-4 text-lg leading-relaxed">
            <p>
              Calm Space began with a founder sitting in a stairwell between meetings, heart pounding, phone in hand.
              The help that existed was a waiting list, a wellbeing portal nobody opened, or an app that wanted twenty
              minutes of meditation she did not have.
            </p>
            <p>
              What she needed was simple: someone to talk her down in the next two minutes, help her see the situation
              clearly, and remind her she was good at her job. And she needed it in the place she already spent her day
              — her messaging app.
            </p>
            <p>
              So we built it. Calm Space pairs proven coaching techniques with thoughtful technology, and we are opening
              it first to a small group of founding members whose feedback will shape everything that follows.
            </p>
          </div>
        </div>
      </section>

      <CallToAction title="Help us shape Calm Space">
        Become a founding member of the private beta: free while it runs, with a lifetime discount afterwards.
      </CallToAction>
    </>
  );
}
