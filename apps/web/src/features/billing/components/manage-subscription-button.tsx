import { Settings } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerPortal } from '../hooks/use-customer-portal';
import { BlockedTabLink } from './blocked-tab-link';

/**
 * Manage Subscription (docs/product.md#subscription): the customer portal in
 * a new tab, then the status is checked again after 1 s.
 */
export function ManageSubscriptionButton({ className }: { className?: string }) {
  const portal = useCustomerPortal();
  return (
    <div className="grid gap-3">
      <Button variant="outline" className={className} busy={portal.pending} onClick={() => void portal.open()}>
        {portal.pending ? <Spinner /> : <Settings aria-hidden="true" />}
        Manage Subscription
      </Button>
      <BlockedTabLink url={portal.blockedUrl} label="Open the customer portal" />
    </div>
  );
}
