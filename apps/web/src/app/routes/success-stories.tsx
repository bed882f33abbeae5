import { Quote } from 'lucide-react';
import { PageHead } from '@/components/layouts/page-head';
import { useBetaCopy } from '@/lib/beta-places';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { SAMPLE_MEMBERS } from '@/features/marketing/content/member-stories';

// The headline figures (docs/product.md#public-site): facts of the private beta, not
// claims the beta's own numbers would contradict (decision 034). The places are live (decision 038).
const SEATS_LABEL = 'places in the private beta, so every member gets our full attention';
const FIGURES = [
  { value: '2 minutes', label: 'is all a reset takes: a voice note or a few lines in the chat' },
  // Only what the service does (issue 26): the AI coach answers at once, people within a working day.
  {
    value: 'Seconds',
    label: 'for an answer from your AI coach, any time; people from the team reply within a working day',
  },
] as const;

// Fixed sample content (docs/product.md#public-site): the same people, from the same cities, as the landing page.
const STORIES = SAMPLE_MEMBERS.flatMap((member) =>
  member.story ? [{ name: member.name, location: member.location, ...member.story }] : [],
);

export default function SuccessStoriesPage() {
  const beta = useBetaCopy();
  const figures = beta ? [{ value: beta.seats, label: SEATS_LABEL }, ...FIGURES] : FIGURES;
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
          {figures.map((figure) => (
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
                  <p>“{story.text}”</p>
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
