import { useEffect, useRef } from 'react';
import { formatPounds, type SubscriptionChangePreviewDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PERIOD_WORDS } from '@/lib/plan-price';
import { formatBillingDate } from '../lib/format-billing-date';

const per = (period: 'month' | 'year') => `per ${period}`;

/** "Charged today" or "Credited today", in the words and the amount the receipt will use. */
function TodayRow({ preview }: { preview: SubscriptionChangePreviewDto }) {
  if (preview.credit_today_pence > 0) {
    return (
      <div className="flex items-baseline justify-between gap-4 border-t pt-3 font-semibold">
        <dt>Credited to your account today</dt>
        <dd className="tabular-nums">{formatPounds(preview.credit_today_pence)}</dd>
      </div>
    );
  }
  return (
    <div className="flex items-baseline justify-between gap-4 border-t pt-3 font-semibold">
      <dt>Charged today</dt>
      <dd className="tabular-nums">{formatPounds(preview.amount_due_today_pence)}</dd>
    </div>
  );
}

/**
 * The change the member is about to make, before it happens (decision 066):
 * the new price, each line of today's invoice, what is charged or credited
 * today and the next billing date. Only "Confirm change" makes it.
 */
export function PlanChangePreview({
  preview,
  confirming,
  onConfirm,
  onCancel,
}: {
  preview: SubscriptionChangePreviewDto;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the buttons the member pressed: focus follows it so the keyboard and screen readers do too.
  useEffect(() => heading.current?.focus(), []);
  const next = formatBillingDate(preview.next_billing_date);

  return (
    <section aria-labelledby="confirm-change" className="grid gap-4 rounded-lg border p-4">
      <h2 id="confirm-change" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Confirm your change
      </h2>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <dt className="text-muted-foreground">Now</dt>
          <dd>
            {preview.current_plan_name}, {PERIOD_WORDS[preview.current_billing_period].adverb}:{' '}
            {formatPounds(preview.current_price_pence)} {per(preview.current_billing_period)}
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <dt className="text-muted-foreground">New</dt>
          <dd className="font-medium">
            {preview.plan_name}, {PERIOD_WORDS[preview.billing_period].adverb}: {formatPounds(preview.price_pence)}{' '}
            {per(preview.billing_period)}
          </dd>
        </div>
      </dl>
      <div className="grid gap-2 text-sm">
        <h3 className="font-medium">Today&apos;s invoice</h3>
        <dl className="grid gap-2">
          {preview.lines.map((line) => (
            <div key={line.description} className="flex items-baseline justify-between gap-4">
              <dt className="text-muted-foreground">{line.description}</dt>
              <dd className="shrink-0 tabular-nums">
                {line.amount_pence < 0 ? `−${formatPounds(-line.amount_pence)}` : formatPounds(line.amount_pence)}
              </dd>
            </div>
          ))}
          <TodayRow preview={preview} />
        </dl>
      </div>
      <p className="text-sm">
        {preview.credit_today_pence > 0 && 'The credit is taken off your next payments. '}
        Then {formatPounds(preview.price_pence)} {per(preview.billing_period)}, next on <strong>{next}</strong>.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="w-full sm:w-fit" busy={confirming} onClick={onConfirm}>
          {confirming && <Spinner />}
          Confirm change
        </Button>
        <Button variant="ghost" className="w-full sm:w-fit" disabled={confirming} onClick={onCancel}>
          Keep my current plan
        </Button>
      </div>
    </section>
  );
}
