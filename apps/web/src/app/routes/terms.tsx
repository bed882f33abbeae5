import { PageHead } from '@/components/layouts/page-head';
import { LegalDocument } from '@/features/marketing/components/legal-document';
import { LEGAL } from '@/features/marketing/content/legal-facts';
import { TERMS_SECTIONS } from '@/features/marketing/content/terms-sections';

export default function TermsPage() {
  return (
    <>
      <PageHead
        title="Terms & Conditions"
        description="The terms that apply when you use Calm Space, the wellbeing coaching service for professionals: eligibility, plans and payment, cancellation and your rights."
        path="/terms"
      />
      <LegalDocument
        title="Terms & Conditions"
        lastUpdated={LEGAL.lastUpdated}
        intro={
          <p>
            The agreement between you and Calm Space when you use our website and coaching service. We have kept it as
            plain as we can; the key points are that you must be {LEGAL.minimumAge} or over, and that Calm Space is
            coaching, not medical advice or a crisis service.
          </p>
        }
        sections={TERMS_SECTIONS}
        related={{
          to: '/privacy-policy',
          label: 'Read our Privacy Policy',
          text: 'Want to know how we look after your personal data?',
        }}
      />
    </>
  );
}
