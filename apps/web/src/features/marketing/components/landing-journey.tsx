const STEPS = [
  { title: 'Enter Your Space', text: 'Open the chat whenever stress hits, by text or voice note, day or night.' },
  { title: 'Recalibrate Your Perspective', text: 'Step back, slow your breathing and see the situation clearly.' },
  { title: 'Reconnect to Your Strength', text: 'Remember the skills and values that brought you this far.' },
  { title: 'Perform/Lead/Achieve', text: 'Walk back in calm, focused and ready for what matters next.' },
] as const;

/** The four-step journey (docs/product.md#public-site). */
export function LandingJourney() {
  return (
    <section aria-labelledby="journey-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <h2 id="journey-title" className="text-center text-3xl font-semibold tracking-tight text-balance">
        Your journey back to calm
      </h2>
      <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="bg-card rounded-xl border p-6 shadow-xs">
            <span
              aria-hidden="true"
              className="bg-primary text-primary-foreground inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="text-muted-foreground mt-2 text-sm leading-relaxed">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
