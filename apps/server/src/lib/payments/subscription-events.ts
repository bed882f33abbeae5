import { eq } from 'drizzle-orm';
import type { BillingPeriod } from '@app/shared';
import type { Database } from '../../db/client';
import { processedPaymentEvents, profiles, subscriptions } from '../../db/schema';

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
  | { kind: 'snapshot'; snapshot: SubscriptionSnapshot }
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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Row = typeof subscriptions.$inferSelect;

/** Applies a provider event in one transaction, once per event id, whatever order events arrive in. */
export function applyPaymentEvent(db: Database, event: PaymentEvent): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedPaymentEvents)
      .values({ id: event.id, provider: event.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedPaymentEvents.id });
    if (!fresh) return 'duplicate';
    const outcome = await applyChange(tx, event.provider, event.userId, event.change, event.occurredAt);
    // Not processed yet: the caller settles it with the provider's current state, then
    // marks it. If that fails, the provider's retry finds the event still to do.
    if (outcome === 'stale') await tx.delete(processedPaymentEvents).where(eq(processedPaymentEvents.id, event.id));
    return outcome;
  });
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
    .insert(processedPaymentEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, refusedReason: refusedReason ?? null })
    .onConflictDoNothing();
}

/** Applies a state fetched from the provider just now (reconciling, or settling an out-of-order event). */
export function applyFetchedSubscription(
  db: Database,
  provider: PaymentProviderName,
  userId: string,
  snapshot: SubscriptionSnapshot,
  fetchedAt: Date,
): Promise<ApplyOutcome> {
  return db.transaction((tx) => applyChange(tx, provider, userId, { kind: 'snapshot', snapshot }, fetchedAt));
}

async function applyChange(
  tx: Tx,
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
  return 'applied';
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
