import { PageIntro } from '@/features/marketing/components/page-intro';

export default function PrivacyPolicyPage() {
  return (
    <PageIntro eyebrow="Legal" title="Privacy Policy">
      <p>How Calm Space collects, uses and protects your personal data, and the rights you have over it.</p>
    </PageIntro>
  );
}
