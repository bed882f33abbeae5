import { PageIntro } from '@/features/marketing/components/page-intro';

export default function SuccessStoriesPage() {
  return (
    <PageIntro documentTitle="Success Stories" eyebrow="Success Stories" title="Stories of steadier days">
      <p>How professionals use a few calm minutes to reset, refocus and get back to the work that matters to them.</p>
    </PageIntro>
  );
}
