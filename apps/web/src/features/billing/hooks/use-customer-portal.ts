import { toast } from 'sonner';
import { useOpenPortal } from '../api/open-portal';
import { useNewTab } from './use-new-tab';
import { PORTAL_RECHECK_MS, useSubscriptionRecheck } from './use-subscription-recheck';

/**
 * The customer portal in a new tab (docs/product.md#subscription), then the
 * status checked again after 1 s: Manage Subscription, and the profile's
 * "Switch to Free Plan?" (the member cancels there, decision 034).
 * Call `open` straight from a click, so that no pop-up blocker stops the tab.
 */
export function useCustomerPortal() {
  const portal = useOpenPortal();
  const tab = useNewTab();
  const recheck = useSubscriptionRecheck();

  const open = async () => {
    try {
      await tab.open(async () => (await portal.mutateAsync()).url);
      toast.success('Opening Customer Portal', { description: 'Redirecting to manage your subscription...' });
      recheck(PORTAL_RECHECK_MS);
    } catch (error) {
      console.error('Customer portal failed', error);
      toast.error('Portal Error', { description: 'Failed to open customer portal. Please try again.' });
    }
  };

  return { open, pending: portal.isPending, blockedUrl: tab.blockedUrl };
}
