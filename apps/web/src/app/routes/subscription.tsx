import { useSearchParams } from 'react-router';
import { MemberPage } from '@/components/layouts/member-page';
import { Spinner } from '@/components/ui/spinner';
import { chooserStart, SubscriptionPlanChooser, SubscriptionStatusCard, useSubscription } from '@/features/billing';
import { useConversationAccess } from '@/features/chat';
import { UnreadRepliesLink } from '@/features/notifications';
import { useMember } from '@/lib/member-api/member-api';

/**
 * /subscription (docs/product.md#subscription): the subscription card and the plan
 * chooser. Signed-in only (the route guard sends others to /auth).
 */
export default function SubscriptionPage() {
  const subscription = useSubscription();
  const access = useConversationAccess();
  const [search] = useSearchParams();
  const start = chooserStart(search);
  const member = useMember();

  return (
    <MemberPage
      title="Subscription"
      description="Your current plan, your free trial and your billing, all in one place."
      backTo={{ to: '/dashboard', label: 'Back to Dashboard' }}
      notice={member && !member.demo && <UnreadRepliesLink />}
    >
      {subscription.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-3">
          <Spinner className="text-primary size-5" />
          Loading your subscription...
        </p>
      ) : (
        <div className="grid gap-6">
          <SubscriptionStatusCard subscription={subscription.data!} access={access.data} />
          <SubscriptionPlanChooser
            // A subscriber sees their own tier and period checked; anyone else what the address chose.
            initialPlan={subscription.data!.subscription_tier ?? start.plan}
            initialPeriod={subscription.data!.billing_period === 'year' ? 'year' : start.period}
            subscribed={subscription.data!.subscribed}
          />
        </div>
      )}
    </MemberPage>
  );
}
