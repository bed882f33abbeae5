import { useParams } from 'react-router';
import { MemberPage } from '@/components/layouts/member-page';
import { LocalCheckout } from '@/features/billing';

/** /test-checkout/:id: the local payment provider's checkout (local mode only; the API refuses it elsewhere). */
export default function TestCheckoutPage() {
  const { id = '' } = useParams();
  return (
    <MemberPage title="Checkout" description="Calm Space subscription, paid with the built-in test provider.">
      <LocalCheckout id={id} />
    </MemberPage>
  );
}
