import { PageIntro } from '@/features/marketing/components/page-intro';

export default function TermsPage() {
  return (
    <PageIntro eyebrow="Legal" title="Terms & Conditions">
      <p>The terms that apply when you use Calm Space, governed by the law of England and Wales.</p>
    </PageIntro>
  );
}
