import { PageHead } from '@/components/layouts/page-head';
import { LegalDocument } from '@/features/marketing/components/legal-document';
import { LEGAL } from '@/features/marketing/content/legal-facts';
import { PRIVACY_SECTIONS } from '@/features/marketing/content/privacy-sections';

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHead
        title="Privacy Policy"
        description="How Calm Space collects, uses and protects your personal data under UK GDPR, how long we keep it, and the rights you have over it."
        path="/privacy-policy"
      />
      <LegalDocument
        title="Privacy Policy"
        lastUpdated={LEGAL.lastUpdated}
        intro={
          <p>
            Your conversations with Calm Space can be personal, and we treat them that way. This policy explains what we
            collect, why, how long we keep it and how you stay in control.
          </p>
        }
        sections={PRIVACY_SECTIONS}
        related={{
          to: '/terms',
          label: 'Read our Terms & Conditions',
          text: 'Looking for the rules of using Calm Space?',
        }}
      />
    </>
  );
}
