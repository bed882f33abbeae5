import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { Link } from '@/lib/app-navigation';
import { toast } from 'sonner';
import {
  findPlanByKey,
  formatPounds,
  PURCHASABLE_PLAN_KEYS,
  type BillingPeriod,
  type LocalPortalDto,
  type SubscriptionChangePreviewDto,
} from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PERIOD_WORDS } from '@/lib/plan-price';
import {
  useCancelSubscription,
  usePreviewSubscriptionChange,
  useResumeSubscription,
  useUpdateSubscription,
} from '../api/change-subscription';
import { useLocalPortal } from '../api/get-local-portal';
import { formatBillingDate } from '../lib/format-billing-date';
import { PlanChangePreview } from './plan-change-preview';
import { TestModeBanner } from './test-mode-banner';

const failed = (action: string) => () =>
  toast.error('Portal Error', { description: `Failed to ${action}. Please try again.` });

/** A refusal the member can act on (an expired preview, a price that moved) in the server's words; else the generic failure. */
const refused = (action: string) => (error: Error) =>
  toast.error('Portal Error', {
    description:
      error instanceof ApiError && error.status === 409 && error.serverMessage
        ? error.serverMessage
        : `Failed to ${action}. Please try again.`,
  });

type PlanKey = (typeof PURCHASABLE_PLAN_KEYS)[number];

function Actions({ portal }: { portal: LocalPortalDto }) {
  const previewChange = usePreviewSubscriptionChange();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  // A switch is shown first, as Stripe's portal does: nothing changes until the member confirms it.
  const [preview, setPreview] = useState<SubscriptionChangePreviewDto | null>(null);
  const busy = previewChange.isPending || update.isPending || cancel.isPending || resume.isPending;
  const otherPeriod = portal.billing_period === 'year' ? 'month' : 'year';
  // An earlier tier's subscription (Starter, Growth, Summit) is The Space Pass (decision 065).
  const heldKey = PURCHASABLE_PLAN_KEYS.find((key) => key === findPlanByKey(portal.plan_key)?.key) ?? 'space_pass';

  const review = (planKey: PlanKey, billingPeriod: BillingPeriod) =>
    previewChange.mutate(
      { plan_key: planKey, billing_period: billingPeriod },
      { onSuccess: setPreview, onError: refused('show the price of this change') },
    );

  const confirm = (shown: SubscriptionChangePreviewDto) =>
    update.mutate(
      {
        plan_key: shown.plan_key as PlanKey,
        billing_period: shown.billing_period,
        quoted_at: shown.quoted_at,
        amount_due_today_pence: shown.amount_due_today_pence,
        credit_today_pence: shown.credit_today_pence,
      },
      {
        onSuccess: () => {
          setPreview(null);
          toast.success('Subscription updated', {
            description: `You're now on ${findPlanByKey(shown.plan_key)?.name ?? shown.plan_name}, billed ${PERIOD_WORDS[shown.billing_period].adverb}. Your receipt is on its way by email.`,
          });
        },
        onError: (error) => {
          setPreview(null);
          refused('change your plan')(error);
        },
      },
    );

  if (preview) {
    return (
      <PlanChangePreview
        preview={preview}
        confirming={update.isPending}
        onConfirm={() => confirm(preview)}
        onCancel={() => setPreview(null)}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <section aria-labelledby="switch-plan" className="grid gap-3">
        <h2 id="switch-plan" className="font-semibold">
          Switch billing
        </h2>
        <p className="text-muted-foreground text-sm">
          You see the new price and what is charged or credited today before anything changes.
        </p>
        <div className="flex flex-wrap gap-2">
          {PURCHASABLE_PLAN_KEYS.filter((key) => key !== heldKey).map((key) => (
            <Button key={key} variant="outline" busy={busy} onClick={() => review(key, portal.billing_period)}>
              Switch to {findPlanByKey(key)!.name}
            </Button>
          ))}
          <Button variant="outline" busy={busy} onClick={() => review(heldKey, otherPeriod)}>
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
