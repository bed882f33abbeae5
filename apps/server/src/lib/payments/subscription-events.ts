import { and, eq, isNull, sql } from 'drizzle-orm';
import { findPlanByKey, type BillingPeriod } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { betaSeats, inboundEvents, profiles, subscriptions } from '../../db/schema';
import { queueReceipt, type ChargeToday, type ReceiptSettings } from './receipts';

export type PaymentProviderName = 'stripe' | 'local';

/** A subscription as the provider reports it at one moment: the whole state, not a difference. */
export interface SubscriptionSnapshot {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  planKey: string;
  billingPeriod: BillingPeriod | null;
  /** The provider's status: active, past_due, canceled, incomplete, unpaid… Only 'active' is live. */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export type SubscriptionChange =
  /** `today`: what a change of plan or period charged or credited, when the provider said (our confirmed change). */
  | { kind: 'snapshot'; snapshot: SubscriptionSnapshot; today?: ChargeToday }
  /** A renewal payment failed: the subscription is past due until a payment succeeds. */
  | { kind: 'payment_failed'; providerSubscriptionId: string };

/**
 * One provider event, translated: the Stripe webhook and the local provider
 * both produce these, so one state machine (and one set of tests) serves both.
 */
export interface PaymentEvent {
  /** The provider's event id: each is applied at most once. */
  id: string;
  provider: PaymentProviderName;
  type: string;
  userId: string;
  /** When the provider says it happened. */
  occurredAt: Date;
  change: SubscriptionChange;
}

/**
 * applied: the row now holds the event's state. duplicate: this event id was
 * handled before. stale: the row holds newer state than the event (the caller
 * may fetch the current state from the provider; the event is not recorded as
 * processed until it does, see markPaymentEventProcessed). ignored: the event
 * cannot change anything (a cancelled subscription does not come back; unknown
 * member). refused: the event could not be read; recorded, never applied.
 */
export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'refused';

type Row = typeof subscriptions.$inferSelect;

/** Thrown inside the transaction to undo the event's claim when it applies as stale. */
class StaleEvent extends Error {}

/**
 * Marks the event processed in the ledger (lib/webhooks/inbound.ts), in the
 * caller's transaction: false when it was processed before. A webhook's event
 * has its row from when it was received; the local provider's is written here.
 * Two transactions claiming one event at once: the second waits for the first
 * and, once it commits, finds the event processed.
 */
async function claimEvent(tx: Tx, event: { id: string; provider: PaymentProviderName; type: string }) {
  const [claimed] = await tx
    .insert(inboundEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, processedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [inboundEvents.provider, inboundEvents.eventId],
      set: { processedAt: sql`now()`, payload: null },
      setWhere: isNull(inboundEvents.processedAt),
    })
    .returning({ eventId: inboundEvents.eventId });
  return Boolean(claimed);
}

/**
 * Applies a provider event in one transaction, once per event id, whatever
 * order events arrive in; a change the member should hear of queues its
 * receipt in the same transaction (receipts.ts), so a repeated event sends none.
 */
export async function applyPaymentEvent(
  db: Database,
  event: PaymentEvent,
  receipts: ReceiptSettings,
): Promise<ApplyOutcome> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await claimEvent(tx, event))) return 'duplicate';
      const outcome = await applyChange(tx, receipts, event.provider, event.userId, event.change, event.occurredAt);
      // Not processed yet: the caller settles it with the provider's current state, then
      // marks it. If that fails, the retry finds the event still to do. (Nothing else
      // was written: rolling back undoes just the claim.)
      if (outcome === 'stale') throw new StaleEvent();
      return outcome;
    });
  } catch (error) {
    if (error instanceof StaleEvent) return 'stale';
    throw error;
  }
}

/** Whether the event has been processed (applied, settled, refused or found irrelevant). */
export async function isPaymentEventProcessed(db: Database, provider: PaymentProviderName, id: string) {
  const [row] = await db
    .select({ processedAt: inboundEvents.processedAt })
    .from(inboundEvents)
    .where(sql`${inboundEvents.provider} = ${provider} and ${inboundEvents.eventId} = ${id}`);
  return Boolean(row?.processedAt);
}

/**
 * Records an event as handled without applying it: a stale one once settled,
 * or one refused as unreadable (with the reason, never the event's values).
 * A repeat of either then answers 'duplicate'.
 */
export async function markPaymentEventProcessed(
  db: Database,
  event: { id: string; provider: PaymentProviderName; type: string },
  refusedReason?: string,
): Promise<void> {
  await db
    .insert(inboundEvents)
    .values({
      provider: event.provider,
      eventId: event.id,
      type: event.type,
      processedAt: sql`now()`,
      refusedReason: refusedReason ?? null,
    })
    .onConflictDoUpdate({
      target: [inboundEvents.provider, inboundEvents.eventId],
      set: { processedAt: sql`now()`, payload: null, refusedReason: refusedReason ?? null },
      setWhere: isNull(inboundEvents.processedAt),
    });
}

/** Applies a state fetched from the provider just now (reconciling, or settling an out-of-order event). */
export function applyFetchedSubscription(
  db: Database,
  receipts: ReceiptSettings,
  provider: PaymentProviderName,
  userId: string,
  snapshot: SubscriptionSnapshot,
  fetchedAt: Date,
  today?: ChargeToday,
): Promise<ApplyOutcome> {
  return db.transaction((tx) =>
    applyChange(tx, receipts, provider, userId, { kind: 'snapshot', snapshot, ...(today && { today }) }, fetchedAt),
  );
}

async function applyChange(
  tx: Tx,
  receipts: ReceiptSettings,
  provider: PaymentProviderName,
  userId: string,
  change: SubscriptionChange,
  at: Date,
): Promise<ApplyOutcome> {
  // The member's profile row is the lock for their payment state: events for one
  // member apply one after another, even before their subscription row exists.
  const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
  if (!member) return 'ignored';
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));

  if (change.kind === 'payment_failed') {
    if (!row || row.providerSubscriptionId !== change.providerSubscriptionId || row.status === 'canceled') {
      return 'ignored';
    }
    if (at < row.stateAt) return 'stale';
    await tx
      .update(subscriptions)
      .set({ status: 'past_due', stateAt: at, updatedAt: new Date() })
      .where(eq(subscriptions.userId, userId));
    return 'applied';
  }

  const { snapshot } = change;
  const decision = decide(row, snapshot, at);
  if (decision !== 'applied') return decision;
  const values = {
    provider,
    providerCustomerId: snapshot.providerCustomerId,
    providerSubscriptionId: snapshot.providerSubscriptionId,
    planKey: snapshot.planKey,
    billingPeriod: snapshot.billingPeriod,
    status: snapshot.status,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    stateAt: at,
    updatedAt: new Date(),
  };
  if (row) await tx.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
  else await tx.insert(subscriptions).values({ userId, ...values });
  await queueReceipt(tx, receipts, userId, row, snapshot, at, change.today);
  if (snapshot.status === 'active' && !snapshot.cancelAtPeriodEnd) await giveBackBetaPlace(tx, userId);
  return 'applied';
}

/**
 * A member whose subscription renews again (they subscribed, or resumed one they had
 * chosen to leave for Free Beta Access) gives back the beta place: they pay for full
 * access, and the place is for someone else (decision 065). Their profile's choice
 * follows, so no screen still offers them the beta.
 */
async function giveBackBetaPlace(tx: Tx, userId: string): Promise<void> {
  const released = await tx
    .delete(betaSeats)
    .where(eq(betaSeats.userId, userId))
    .returning({ userId: betaSeats.userId });
  if (released.length === 0) return;
  await tx
    .update(profiles)
    .set({ pricingPlan: findPlanByKey('space_pass')!.name, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), eq(profiles.pricingPlan, findPlanByKey('free_beta')!.name)));
}

function decide(row: Row | undefined, snapshot: SubscriptionSnapshot, at: Date): ApplyOutcome {
  if (!row) return 'applied';
  if (row.providerSubscriptionId === snapshot.providerSubscriptionId) {
    // A cancelled subscription is over for good: no later report of it revives it.
    if (row.status === 'canceled') return 'ignored';
    if (snapshot.status === 'canceled') return 'applied';
    // Equal times are not trusted to be in order (Stripe's event times are in whole seconds).
    return at > row.stateAt ? 'applied' : 'stale';
  }
  // Another subscription of the same member (say, a new one after the last was cancelled).
  if (snapshot.status === 'canceled') return 'ignored';
  if (row.status === 'canceled' || row.status === 'incomplete_expired') return 'applied';
  return at > row.stateAt ? 'applied' : 'stale';
}
