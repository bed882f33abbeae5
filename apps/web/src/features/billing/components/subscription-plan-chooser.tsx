import { useState } from 'react';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { findPlanByName, INVALID_PLAN_MESSAGE, PURCHASABLE_PLAN_KEYS, type PlanKey } from '@app/shared';
import type { BillingPeriod } from '@app/shared';
import { PlanPicker } from '@/components/plan-picker/plan-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCreateCheckout } from '../api/create-checkout';
import { useNewTab } from '../hooks/use-new-tab';
import { CHECKOUT_RECHECK_MS, useSubscriptionRecheck } from '../hooks/use-subscription-recheck';
import { BlockedTabLink } from './blocked-tab-link';

/** Base Camp is shown, so that the free plan is part of the choice, but it cannot be bought (docs/product.md#plans-and-their-names). */
const CHOOSER_PLAN_KEYS: readonly PlanKey[] = ['base_camp', ...PURCHASABLE_PLAN_KEYS];

interface SubscriptionPlanChooserProps {
  /** The plan chosen when the page opens (The Space Pass, or none). */
  initialPlan: string | undefined;
  initialPeriod: BillingPeriod;
  /** A subscriber changes plan in the customer portal, not here. */
  subscribed: boolean;
}

/**
 * The plan chooser of /subscription (docs/product.md#subscription): a
 * Monthly/Yearly toggle, Base Camp and The Space Pass with all its features (decision 065);
 * Subscribe opens checkout in a new tab,
 * then the status is checked again after 3 s and whenever the window regains focus.
 */
export function SubscriptionPlanChooser({ initialPlan, initialPeriod, subscribed }: SubscriptionPlanChooserProps) {
  const [planName, setPlanName] = useState(initialPlan ?? '');
  const [period, setPeriod] = useState<BillingPeriod>(initialPeriod);
  const checkout = useCreateCheckout();
  const tab = useNewTab();
  const recheck = useSubscriptionRecheck();

  const subscribe = async () => {
    const plan = findPlanByName(planName);
    const planKey = PURCHASABLE_PLAN_KEYS.find((key) => key === plan?.key);
    if (!planKey) {
      toast.error('Invalid Plan', { description: INVALID_PLAN_MESSAGE });
      return;
    }
    try {
      await tab.open(async () => (await checkout.mutateAsync({ plan_key: planKey, billing_period: period })).url);
      toast.success('Redirecting to Checkout', { description: 'Opening checkout in a new tab...' });
      recheck(CHECKOUT_RECHECK_MS);
    } catch (error) {
      console.error('Checkout failed', error);
      toast.error('Subscription Error', { description: 'Failed to start subscription process. Please try again.' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose your plan</CardTitle>
        <CardDescription>
          {subscribed
            ? 'You already have The Space Pass: switch billing period or cancel with Manage Subscription.'
            : 'Pay monthly, or yearly and save 20%. Cancel any time.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PlanPicker
          value={planName}
          onChange={setPlanName}
          planKeys={CHOOSER_PLAN_KEYS}
          popularKey="space_pass"
          allFeatures
          period={period}
          onPeriodChange={setPeriod}
          disabled={subscribed}
        />
        {!subscribed && (
          <Button size="lg" className="w-full sm:w-fit" busy={checkout.isPending} onClick={() => void subscribe()}>
            {checkout.isPending ? <Spinner /> : <CreditCard aria-hidden="true" />}
            Subscribe
          </Button>
        )}
        <BlockedTabLink url={tab.blockedUrl} label="Open checkout" />
      </CardContent>
    </Card>
  );
}
