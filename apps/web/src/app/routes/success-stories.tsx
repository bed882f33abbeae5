import { Quote } from 'lucide-react';
import { PageHead } from '@/components/layouts/page-head';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { PageIntro } from '@/features/marketing/components/page-intro';

// The headline figures the marketing copy quotes (docs/product.md#public-site).
const FIGURES = [
  { value: 'Thousands', label: 'of professionals helped to find their calm at work' },
  { value: '92%', label: 'of members say they feel calmer after their first conversation' },
  { value: '24/7', label: 'support in your messaging app, whenever stress hits' },
] as const;

// Fixed sample content (docs/product.md#public-site).
const STORIES = [
  {
    name: 'Priya S.',
    role: 'Finance Director',
    location: 'Manchester',
    focus: 'Overwhelm',
    quote:
      'Quarter-end used to mean sleepless nights. Now, when the numbers pile up, I send a voice note from the car park and walk in with a plan. It has changed how I lead my team.',
  },
  {
    name: 'Tom H.',
    role: 'Secondary school teacher',
    location: 'Bristol',
    focus: 'Burnout',
    quote:
      'I was running on empty by October. The weekly summaries helped me see what was draining me, and the small step tasks gave me my evenings back.',
  },
  {
    name: 'Aisha K.',
    role: 'Product Manager',
    location: 'London',
    focus: 'Self-doubt',
    quote:
      'Before big presentations my confidence would vanish. Two minutes with my coach and I remember what I actually know. I have not cancelled a pitch since.',
  },
] as const;

export default function SuccessStoriesPage() {
  return (
    <>
      <PageHead
        title="Success Stories"
        description="How busy professionals use Calm Space to reset in the moment, recover from burnout and rebuild their confidence at work."
        path="/success-stories"
      />
      <PageIntro eyebrow="Success Stories" title="Stories of steadier days">
        <p>How professionals use a few calm minutes to reset, refocus and get back to the work that matters to them.</p>
      </PageIntro>

      <section aria-labelledby="figures-title" className="mx-auto max-w-5xl px-4 sm:px-6">
        <h2 id="figures-title" className="sr-only">
          Calm Space in numbers
        </h2>
        <dl className="bg-card grid divide-y rounded-2xl border shadow-xs md:grid-cols-3 md:divide-x md:divide-y-0">
          {FIGURES.map((figure) => (
            <div key={figure.value} className="flex flex-col-reverse p-6 text-center sm:p-8">
              <dt className="text-muted-foreground mt-2 text-sm leading-relaxed text-pretty">{figure.label}</dt>
              <dd className="text-primary text-4xl font-semibold tracking-tight">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="stories-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="stories-title" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          In their own words
        </h2>
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {STORIES.map((story) => (
            <li key={story.name}>
              <figure className="bg-card shadow-soft lift flex h-full flex-col rounded-2xl p-6 sm:p-8">
                <Quote aria-hidden="true" className="text-primary/40 size-8" />
                <p className="bg-accent text-accent-foreground mt-4 w-fit rounded-full px-3 py-1 text-xs font-semibold">
                  Focus: {story.focus}
                </p>
                <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-pretty">
                  <p>“{story.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t pt-5">
                  <span
                    aria-hidden="true"
                    className="bg-primary text-primary-foreground inline-flex size-10 items-center justify-center rounded-full text-sm font-semibold"
                  >
                    {story.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold">{story.name}</span>
                    <span className="text-muted-foreground block text-sm">
                      {story.role}, {story.location}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground mt-8 text-center text-sm">
          Stories are illustrative examples of the journeys our members describe; names and details are not those of
          real people.
        </p>
      </section>

      <CallToAction title="Write your own success story">
        Join the private beta free and discover what a calmer working day feels like.
      </CallToAction>
    </>
  );
}
