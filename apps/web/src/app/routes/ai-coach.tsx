import { PageHead } from '@/components/layouts/page-head';
import { PageIntro } from '@/features/marketing/components/page-intro';
import { AI_COACH_SECTIONS } from '@/features/marketing/content/ai-coach-sections';

/** /ai-coach, "How the AI coach works" (docs/product.md#public-site): the public, plain account of the AI coach. */
export default function AiCoachPage() {
  return (
    <>
      <PageHead
        title="How the AI coach works"
        description="What Calm Space's AI coach is and is not, how a crisis is handled, what data it receives, how to reach a person and how to delete what it remembers."
        path="/ai-coach"
      />
      <PageIntro eyebrow="The AI coach" title="How the AI coach works">
        <p>An AI coach answers your messages, and people from our team stay in charge. Here is how it works.</p>
      </PageIntro>
      <div className="mx-auto max-w-2xl px-4 pb-16 sm:px-6 sm:pb-24">
        {AI_COACH_SECTIONS.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24 border-b py-8 first:pt-0 last:border-b-0"
          >
            <h2 id={`${section.id}-title`} className="text-2xl font-semibold sm:text-3xl">
              {section.title}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {section.content}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
