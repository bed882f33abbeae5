import { Settings } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOpenPortal } from '../api/open-portal';
import { useNewTab } from '../hooks/use-new-tab';
import { PORTAL_RECHECK_MS, useSubscriptionRecheck } from '../hooks/use-subscription-recheck';
import { BlockedTabLink } from './blocked-tab-link';

/**
 * Manage Subscription (admin-and-marketing §2, §4, §8): the customer portal in
 * a new tab, then the status is checked again after 1 s.
 */
export function ManageSubscriptionButton({ className }: { className?: string }) {
  const portal = useOpenPortal();
  const tab = useNewTab();
  const recheck = useSubscriptionRecheck();

  const manage = async () => {
    try {
      await tab.open(async () => (await portal.mutateAsync()).url);
      toast.success('Opening Customer Portal', { description: 'Redirecting to manage your subscription...' });
      recheck(PORTAL_RECHECK_MS);
    } catch (error) {
      console.error('Customer portal failed', error);
      toast.error('Portal Error', { description: 'Failed to open customer portal. Please try again.' });
    }
  };

  return (
    <div className="grid gap-3">
      <Button variant="outline" className={className} disabled={portal.isPending} onClick={() => void manage()}>
        {portal.isPending ? <Spinner /> : <Settings aria-hidden="true" />}
        Manage Subscription
      </Button>
      <BlockedTabLink url={tab.blockedUrl} label="Open the customer portal" />
    </div>
  );
}
