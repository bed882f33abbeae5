import { MemberPage } from '@/components/layouts/member-page';
import { LocalPortal } from '@/features/billing';

/** /test-portal: the local payment provider's customer portal (local mode only). */
export default function TestPortalPage() {
  return (
    <MemberPage title="Customer Portal" description="Manage your Calm Space subscription.">
      <LocalPortal />
    </MemberPage>
  );
}
