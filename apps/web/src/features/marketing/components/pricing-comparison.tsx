import { Check, Minus } from 'lucide-react';
import type { BillingPeriod, Plan } from '@app/shared';
import { displayPrice } from '@/lib/plan-price';

/** The going rate quoted for therapy apps (docs/product.md#public-site). */
const THERAPY_APPS_PRICE = '£50–£200';

const ROWS = [
  {
    topic: 'When you can get support',
    them: 'Booked sessions, often weeks away',
    us: 'An AI coach in seconds, any time; people from the team within a working day',
  },
  { topic: 'Where it happens', them: 'A separate app or video call', us: 'The messaging app you already use' },
  { topic: 'How you reach out', them: 'Scheduled conversations', us: 'Text or voice note, in seconds' },
  { topic: 'Commitment', them: 'Courses of sessions', us: 'Monthly or yearly, cancel anytime' },
] as const;

/**
 * Calm Space against the usual cost of therapy apps, with an honest note on what each is for.
 * Priced for the period chosen above it, as the plan cards are: yearly shows the yearly price
 * a month (displayPrice), never the monthly one.
 */
export function PricingComparison({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const price = displayPrice(plan, period);
  return (
    <section aria-labelledby="comparison-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="bg-card overflow-hidden rounded-2xl border shadow-xs">
        <div className="grid md:grid-cols-2">
          <div className="border-b p-6 sm:p-8 md:border-r md:border-b-0">
            <h2 id="comparison-title" className="text-2xl font-semibold tracking-tight">
              Support that fits your budget
            </h2>
            <p className="text-muted-foreground mt-3 leading-relaxed">
              Therapy apps typically cost <span className="whitespace-nowrap">{THERAPY_APPS_PRICE}</span> per month.{' '}
              {plan.name} gives you everyday coaching for a fraction of that.
            </p>
            <dl className="mt-6 grid grid-cols-2 gap-4">
              <div className="bg-muted rounded-xl p-4">
                <dt className="text-muted-foreground text-sm">Therapy apps</dt>
                <dd className="mt-1 text-lg font-semibold whitespace-nowrap sm:text-2xl">{THERAPY_APPS_PRICE}</dd>
                <dd className="text-muted-foreground text-sm">per month</dd>
              </div>
              <div className="bg-accent rounded-xl p-4">
                <dt className="text-accent-foreground text-sm">Calm Space</dt>
                <dd className="text-primary mt-1 text-lg font-semibold whitespace-nowrap sm:text-2xl">
                  {price.perMonth}
                </dd>
                <dd className="text-accent-foreground text-sm">
                  {period === 'year' ? 'per month, billed yearly' : 'per month'}
                </dd>
              </div>
            </dl>
            <p className="text-muted-foreground mt-6 text-sm leading-relaxed">
              Calm Space is coaching, not therapy or medical care. If you are living with a mental health condition,
              please keep working with your GP or therapist — many members use Calm Space between sessions.
            </p>
          </div>
          <div className="p-6 sm:p-8">
            <h3 className="font-semibold">How they compare</h3>
            <p className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
              <span className="inline-flex items-center gap-1.5">
                <Minus className="size-3.5" /> Typical therapy app
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Check className="text-primary size-3.5" /> Calm Space
              </span>
            </p>
            <ul className="mt-4 divide-y">
              {ROWS.map((row) => (
                <li key={row.topic} className="py-4 first:pt-0 last:pb-0">
                  <p className="text-sm font-medium">{row.topic}</p>
                  <p className="text-muted-foreground mt-2 flex gap-2 text-sm">
                    <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      <span className="sr-only">Therapy apps: </span>
                      {row.them}
                    </span>
                  </p>
                  <p className="mt-1 flex gap-2 text-sm">
                    <Check aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
                    <span>
                      <span className="sr-only">Calm Space: </span>
                      {row.us}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
