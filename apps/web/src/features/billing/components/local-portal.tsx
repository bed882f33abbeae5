import { Link } from '@/lib/app-navigation';
import { toast } from 'sonner';
import {
  findPlanByKey,
  formatPounds,
  PURCHASABLE_PLAN_KEYS,
  type BillingPeriod,
  type LocalPortalDto,
} from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PERIOD_WORDS } from '@/lib/plan-price';
import { useCancelSubscription, useResumeSubscription, useUpdateSubscription } from '../api/change-subscription';
import { useLocalPortal } from '../api/get-local-portal';
import { formatBillingDate } from '../lib/format-billing-date';
import { TestModeBanner } from './test-mode-banner';

const failed = (action: string) => () =>
  toast.error('Portal Error', { description: `Failed to ${action}. Please try again.` });

function Actions({ portal }: { portal: LocalPortalDto }) {
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const busy = update.isPending || cancel.isPending || resume.isPending;
  const otherPeriod = portal.billing_period === 'year' ? 'month' : 'year';
  // An earlier tier's subscription (Starter, Growth, Summit) is The Space Pass (decision 065).
  const heldKey = PURCHASABLE_PLAN_KEYS.find((key) => key === findPlanByKey(portal.plan_key)?.key) ?? 'space_pass';

  const switchTo = (planKey: (typeof PURCHASABLE_PLAN_KEYS)[number], billingPeriod: BillingPeriod) =>
    update.mutate(
      { plan_key: planKey, billing_period: billingPeriod },
      {
        onSuccess: () =>
          toast.success('Subscription updated', {
            description: `You're now on ${findPlanByKey(planKey)!.name}, billed ${PERIOD_WORDS[billingPeriod].adverb}.`,
          }),
        onError: failed('change your plan'),
      },
    );

  return (
    <div className="grid gap-6">
      <section aria-labelledby="switch-plan" className="grid gap-3">
        <h2 id="switch-plan" className="font-semibold">
          Switch billing
        </h2>
        <div className="flex flex-wrap gap-2">
          {PURCHASABLE_PLAN_KEYS.filter((key) => key !== heldKey).map((key) => (
            <Button key={key} variant="outline" busy={busy} onClick={() => switchTo(key, portal.billing_period)}>
              Switch to {findPlanByKey(key)!.name}
            </Button>
          ))}
          <Button
            variant="outline"
            busy={busy}
            onClick={() => switchTo(heldKey, otherPeriod)}
          >
            Switch to {PERIOD_WORDS[otherPeriod].adverb} billing
          </Button>
        </div>
      </section>
      <section aria-labelledby="cancel-plan" className="grid gap-3">
        <h2 id="cancel-plan" className="font-semibold">
          {portal.cancel_at_period_end ? 'Resume subscription' : 'Cancel subscription'}
        </h2>
        {portal.cancel_at_period_end ? (
          <>
            <p className="text-muted-foreground text-sm">
              Changed your mind? Keep your plan and carry on billing as before.
            </p>
            <Button
              className="w-full sm:w-fit"
              busy={busy}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => toast.success('Subscription resumed', { description: 'Your plan carries on.' }),
                  onError: failed('resume your subscription'),
                })
              }
            >
              {resume.isPending && <Spinner />}
              Resume subscription
            </Button>
          </>
        ) : (
          <>
            <p className="text-muted-foreground text-sm">
              You keep your plan until the end of the period you have paid for; nothing more is charged.
            </p>
            <Button
              variant="destructive"
              className="w-full sm:w-fit"
              busy={busy}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () =>
                    toast.success('Subscription cancelled', {
                      description: portal.current_period_end
                        ? `Your plan ends on ${formatBillingDate(portal.current_period_end)}.`
                        : 'Your plan ends at the end of this period.',
                    }),
                  onError: failed('cancel your subscription'),
                })
              }
            >
              {cancel.isPending && <Spinner />}
              Cancel subscription
            </Button>
          </>
        )}
      </section>
    </div>
  );
}

/** The local provider's customer portal (TEST MODE): plan, price, next billing date; switch, cancel, resume. */
export function LocalPortal() {
  const portal = useLocalPortal();

  if (portal.isPending) {
    return (
      <p role="status" className="text-muted-foreground flex items-center gap-3">
        <Spinner className="text-primary size-5" />
        Loading your subscription...
      </p>
    );
  }
  if (portal.isError || !portal.data) {
    return (
      <div className="grid gap-6">
        <TestModeBanner />
        <Alert>
          <AlertTitle>You have no subscription to manage</AlertTitle>
          <AlertDescription>
            <Link to="/subscription" className="font-medium underline underline-offset-4">
              Choose a plan on your subscription page
            </Link>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const data = portal.data;
  const end = data.current_period_end ? formatBillingDate(data.current_period_end) : null;

  return (
    <div className="grid gap-6">
      <TestModeBanner />
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {data.plan_name}
            <Badge variant={data.cancel_at_period_end ? 'secondary' : 'premium'}>
              {data.cancel_at_period_end ? 'Cancels at period end' : 'Active'}
            </Badge>
          </CardTitle>
          <CardDescription>
            {formatPounds(data.amount_pence)} per {data.billing_period}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {end && (
            <p className="text-sm">
              {data.cancel_at_period_end ? (
                <>
                  Your subscription ends on <strong>{end}</strong>
                </>
              ) : (
                <>
                  Next billing date: <strong>{end}</strong>
                </>
              )}
            </p>
          )}
          <Actions portal={data} />
          <Button asChild variant="ghost" className="w-full sm:w-fit">
            <Link to="/subscription">Return to Calm Space</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
