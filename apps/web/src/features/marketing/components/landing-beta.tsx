import { useBetaCopy } from '@/lib/beta-places';

const FACTS = [
  { title: '100% Free during beta', text: 'Every feature, at no cost, for as long as the beta runs.' },
  { title: 'Lifetime discount after', text: 'Keep a reduced price for good when Calm Space launches.' },
  { title: 'Become a founding member', text: 'Your feedback shapes the coach every member after you will use.' },
] as const;

/** The private-beta offer and its live figures (docs/product.md#public-site, decision 038). */
export function LandingBeta() {
  const beta = useBetaCopy();
  return (
    <section aria-labelledby="beta-title" className="bg-panel-sand">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="beta-title" className="text-3xl font-semibold text-balance sm:text-4xl">
            Join the private beta
          </h2>
          <p className="text-muted-foreground mt-3 text-lg text-pretty">
            We are opening Calm Space to a small group first, so every member gets our full attention.
          </p>
        </div>
        <ul className="reveal mx-auto mt-10 grid max-w-xl gap-x-10 gap-y-6 lg:max-w-none lg:grid-cols-3">
          {FACTS.map((fact) => (
            <li key={fact.title} className="lg:border-foreground/10 lg:border-l lg:pl-6">
              <p className="flex items-center gap-2 font-semibold">
                <span
                  aria-hidden="true"
                  className="bg-primary text-primary-foreground inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm"
                >
                  ✓
                </span>
                {fact.title}
              </p>
              <p className="text-muted-foreground mt-2 leading-relaxed">{fact.text}</p>
            </li>
          ))}
        </ul>
        {beta && (
          <div className="bg-card mx-auto mt-12 max-w-xl rounded-2xl p-6 shadow-md">
            <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <span className="font-medium">Limited to {beta.seats} professionals</span>
              <span className="text-muted-foreground">
                {beta.joined} already in · <strong className="text-primary">{beta.spotsLeft}</strong>
              </span>
            </p>
            <div aria-hidden="true" className="bg-muted mt-3 h-2 overflow-hidden rounded-full">
              <div className="bg-primary h-full rounded-full" style={{ width: beta.joinedPercent }} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
