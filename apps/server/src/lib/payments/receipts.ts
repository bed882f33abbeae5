import { eq } from 'drizzle-orm';
import { findPlanByKey } from '@app/shared';
import type { Tx } from '../../db/client';
import { type subscriptions, users } from '../../db/schema';
import { enqueueMail } from '../mail/mail-delivery';
import { receiptMail, type Receipt, type ReceiptKind } from '../mail/receipt-mails';
import { pricePence } from './local-proration';
import type { SubscriptionSnapshot } from './subscription-events';

type Row = typeof subscriptions.$inferSelect;

/** Where a receipt's link leads: the member's subscription page on this site. */
export interface ReceiptSettings {
  siteUrl: string;
}

/** A change's amounts for today, when the provider told us (our own confirmed change). */
export interface ChargeToday {
  chargedPence: number;
  creditedPence: number;
}

const NOT_STARTED = ['incomplete', 'incomplete_expired', 'canceled'];

/**
 * Which receipt a change of the member's subscription calls for, read from the
 * row before and the state after: the same answer whichever event (or fetch)
 * brings the change, so a change is told once however many events report it.
 */
export function receiptKindFor(before: Row | undefined, after: SubscriptionSnapshot): ReceiptKind | null {
  const live = after.status === 'active';
  if (
    !before ||
    before.providerSubscriptionId !== after.providerSubscriptionId ||
    NOT_STARTED.includes(before.status)
  ) {
    return live ? 'started' : null;
  }
  // Ended: told when it was cancelled, unless it ended at once without notice.
  if (after.status === 'canceled') return before.cancelAtPeriodEnd ? null : 'cancelled';
  if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) return 'cancelled';
  if (before.planKey !== after.planKey || before.billingPeriod !== after.billingPeriod) return 'changed';
  if (!after.cancelAtPeriodEnd && before.cancelAtPeriodEnd) return 'resumed';
  const moved = after.currentPeriodEnd && before.currentPeriodEnd && after.currentPeriodEnd > before.currentPeriodEnd;
  return live && moved ? 'renewed' : null;
}

/**
 * Queues the receipt for a change, in the transaction that applies it (so it
 * is sent exactly when the change is written, and never for an event seen
 * before). The greeting names the member only once their address is proven (templates.ts).
 */
export async function queueReceipt(
  tx: Tx,
  settings: ReceiptSettings,
  userId: string,
  before: Row | undefined,
  after: SubscriptionSnapshot,
  at: Date,
  today?: ChargeToday,
): Promise<void> {
  const kind = receiptKindFor(before, after);
  if (!kind) return;
  const [member] = await tx
    .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return;
  const period = after.billingPeriod ?? 'month';
  const receipt: Receipt = {
    kind,
    planName: findPlanByKey(after.planKey)?.name ?? after.planKey,
    period,
    pricePence: pricePence(after.planKey, period),
    at,
    periodEnd: after.status === 'canceled' ? null : after.currentPeriodEnd,
    ...(kind === 'changed' && {
      ...(today && { today }),
      ...(before && {
        previousPlanName: findPlanByKey(before.planKey)?.name ?? before.planKey,
        previousPeriod: before.billingPeriod ?? 'month',
      }),
    }),
  };
  const mail = receiptMail(member, receipt, `${settings.siteUrl}/subscription`);
  await enqueueMail(tx, { ...mail, userId });
}
