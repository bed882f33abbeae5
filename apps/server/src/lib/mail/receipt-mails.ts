import { formatPounds, PRODUCT_NAME } from '@app/shared';
import type { OutgoingMail } from './mailer';
import { compose, hello, type Recipient } from './templates';

/** What happened to the subscription, in the order a member meets them (decision 066). */
export type ReceiptKind = 'started' | 'changed' | 'cancelled' | 'resumed' | 'renewed';

/**
 * A receipt's facts. Amounts and dates only: no card, no provider ids. A change
 * whose cost today the provider did not tell us (a switch in Stripe's own
 * portal) has no `today`; the mail then points to the invoice there.
 */
export interface Receipt {
  kind: ReceiptKind;
  planName: string;
  period: 'month' | 'year';
  pricePence: number;
  /** When it happened. */
  at: Date;
  /** The next billing date, or the last day of a cancelled subscription. */
  periodEnd: Date | null;
  /** A change's amounts for today, when known. */
  today?: { chargedPence: number; creditedPence: number };
  previousPlanName?: string;
  previousPeriod?: 'month' | 'year';
}

const day = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const per = (period: 'month' | 'year') => (period === 'month' ? 'a month' : 'a year');
const billed = (period: 'month' | 'year') => (period === 'month' ? 'monthly' : 'yearly');

function todayLine(receipt: Receipt): string {
  const today = receipt.today;
  if (!today) return 'What this change charged or credited today is on the invoice in your customer portal.';
  if (today.chargedPence > 0) return `Charged today: ${formatPounds(today.chargedPence)}.`;
  if (today.creditedPence > 0) {
    return `Credited to your account today: ${formatPounds(today.creditedPence)}. It is taken off your next payments, so nothing was charged today.`;
  }
  return 'Nothing was charged today.';
}

function content(receipt: Receipt): { subject: string; lines: string[] } {
  const plan = `${receipt.planName}, billed ${billed(receipt.period)}`;
  const price = `${formatPounds(receipt.pricePence)} ${per(receipt.period)}`;
  const next = receipt.periodEnd ? `Next payment: ${price} on ${day(receipt.periodEnd)}.` : `Price: ${price}.`;
  switch (receipt.kind) {
    case 'started':
      return {
        subject: `Your ${PRODUCT_NAME} subscription has started`,
        lines: [
          `Thank you for subscribing. This is your receipt.`,
          `Plan: ${plan}.`,
          `Paid on ${day(receipt.at)}: ${formatPounds(receipt.pricePence)}.`,
          next,
        ],
      };
    case 'renewed':
      return {
        subject: `Your ${PRODUCT_NAME} subscription has renewed`,
        lines: [
          'Your subscription carried on for another period. This is your receipt.',
          `Plan: ${plan}.`,
          `Paid on ${day(receipt.at)}: ${formatPounds(receipt.pricePence)}.`,
          next,
        ],
      };
    case 'changed': {
      const before =
        receipt.previousPlanName && receipt.previousPeriod
          ? ` from ${receipt.previousPlanName}, billed ${billed(receipt.previousPeriod)},`
          : '';
      return {
        subject: `Your ${PRODUCT_NAME} plan has changed`,
        lines: [
          `On ${day(receipt.at)} you changed your plan${before} to ${plan}. This is your receipt.`,
          todayLine(receipt),
          next,
        ],
      };
    }
    case 'cancelled':
      return {
        subject: `Your ${PRODUCT_NAME} subscription is cancelled`,
        lines: [
          `On ${day(receipt.at)} your subscription to ${plan} was cancelled. Nothing more will be charged.`,
          receipt.periodEnd
            ? `You keep your plan until ${day(receipt.periodEnd)}. Changed your mind? You can resume it in your customer portal before then.`
            : 'Your plan has ended.',
        ],
      };
    case 'resumed':
      return {
        subject: `Your ${PRODUCT_NAME} subscription will carry on`,
        lines: [`On ${day(receipt.at)} you resumed your subscription to ${plan}. Nothing was charged today.`, next],
      };
  }
}

/** A receipt mail: what happened, the amount and the date, in the member's words. */
export function receiptMail(to: Recipient, receipt: Receipt, subscriptionUrl: string): OutgoingMail {
  const { subject, lines } = content(receipt);
  return compose(to.email, subject, hello(to), lines, { label: 'See your subscription', url: subscriptionUrl });
}
