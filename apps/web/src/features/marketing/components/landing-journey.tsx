import { Illustration, type IllustrationName } from '@/components/illustrations/illustration';

const STEPS: readonly { title: string; text: string; art: IllustrationName }[] = [
  {
    title: 'Enter Your Space',
    text: 'Open the chat whenever stress hits, by text or voice note. An AI coach answers in seconds, any time.',
    art: 'journey-enter',
  },
  {
    title: 'Recalibrate Your Perspective',
    text: 'Step back, slow your breathing and see the situation clearly.',
    art: 'journey-recalibrate',
  },
  {
    title: 'Reconnect to Your Strength',
    text: 'Remember the skills and values that brought you this far.',
    art: 'journey-reconnect',
  },
  {
    title: 'Perform/Lead/Achieve',
    text: 'Walk back in calm, focused and ready for what matters next.',
    art: 'journey-perform',
  },
];

/** The four-step journey (docs/product.md#public-site), each step with its drawing. */
export function LandingJourney() {
  return (
    <section aria-labelledby="journey-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <h2 id="journey-title" className="text-center text-3xl font-semibold text-balance sm:text-4xl">
        Your journey back to calm
      </h2>
      <ol className="reveal mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="bg-card lift flex flex-col rounded-2xl p-5 shadow-sm">
            <Illustration name={step.art} className="w-full rounded-xl" />
            {/* The list already numbers the steps for screen readers. */}
            <p aria-hidden="true" className="text-primary mt-5 text-sm font-semibold">
              Step {index + 1}
            </p>
            <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
            <p className="text-muted-foreground mt-2 text-sm leading-relaxed">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
