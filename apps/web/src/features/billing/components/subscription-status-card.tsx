import { CalendarClock, Sparkles } from 'lucide-react';
import type { ConversationAccessDto, SubscriptionStatusDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PERIOD_WORDS } from '@/lib/plan-price';
import { formatBillingDate } from '../lib/format-billing-date';
import { useSubscriptionRecheck } from '../hooks/use-subscription-recheck';
import { trialState } from '../lib/trial-state';
import { ManageSubscriptionButton } from './manage-subscription-button';

interface SubscriptionStatusCardProps {
  subscription: SubscriptionStatusDto;
  access: ConversationAccessDto | undefined;
}

/**
 * The subscription card of /subscription (docs/product.md#subscription): the
 * trial state, and for a subscriber the plan badge and next billing date
 * ("ends on …" once cancelled) with Manage Subscription.
 */
export function SubscriptionStatusCard({ subscription, access }: SubscriptionStatusCardProps) {
  // The member's view of their subscription: coming back to it from another tab checks it again.
  useSubscriptionRecheck({ onFocusFromStart: true });
  const trial = access ? trialState(subscription, access) : undefined;
  const end = subscription.subscription_end;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Your Subscription
          {subscription.subscribed && subscription.subscription_tier && (
            <Badge variant="premium">{subscription.subscription_tier}</Badge>
          )}
        </CardTitle>
        <CardDescription>
          {subscription.subscribed
            ? `You're subscribed to ${subscription.subscription_tier ?? 'a paid plan'}${
                subscription.billing_period ? `, billed ${PERIOD_WORDS[subscription.billing_period].adverb}` : ''
              }.`
            : 'You are on a free plan. Choose a plan below to subscribe.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {subscription.subscribed && end && (
          <p className="flex items-center gap-2 text-sm">
            <CalendarClock aria-hidden="true" className="text-primary size-4" />
            {subscription.cancel_at_period_end ? (
              <span>
                Your subscription ends on <strong>{formatBillingDate(end)}</strong>
              </span>
            ) : (
              <span>
                Next billing date: <strong>{formatBillingDate(end)}</strong>
              </span>
            )}
          </p>
        )}
        {trial && (
          <div className="grid gap-1">
            <p className="flex items-center gap-2 text-sm">
              <Sparkles aria-hidden="true" className="text-primary size-4" />
              <Badge variant={trial.label === 'Trial Expired' ? 'destructive' : 'secondary'}>{trial.label}</Badge>
            </p>
            <p className="text-muted-foreground text-sm">{trial.detail}</p>
          </div>
        )}
        {subscription.subscribed && <ManageSubscriptionButton className="w-full sm:w-fit" />}
      </CardContent>
    </Card>
  );
}
