import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { CARD_DECLINED_MESSAGE, LOCAL_TEST_CARDS } from '@app/shared';
import type { SessionUser } from '../../app-env';
import type { Database } from '../../db/client';
import { localCheckoutSessions, subscriptions } from '../../db/schema';
import { activeSubscriptionOf, type SubscriptionRow } from '../billing/subscriptions';
import type { CataloguePrice, CataloguePrices } from './catalogue-prices';
import type { ChangeQuote } from './change-quote';
import { localChangeQuote, periodEndFrom } from './local-proration';
import { PaymentRequestError, type PaymentProvider } from './payment-provider';
import type { ChargeToday, ReceiptSettings } from './receipts';
import { applyPaymentEvent, type SubscriptionSnapshot } from './subscription-events';

export type LocalCheckoutRow = typeof localCheckoutSessions.$inferSelect;

export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. Use Manage Subscription to change or cancel it.';

/**
 * The built-in payment provider for local mode (no STRIPE_SECRET_KEY; never in
 * production): its checkout and portal are our own TEST MODE pages, and each
 * thing the member does there is one internal event through the same state
 * machine the Stripe webhook feeds.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  /** No webhook: its TEST MODE pages apply its events directly. */
  readonly webhook = undefined;
  private readonly receipts: ReceiptSettings;

  constructor(
    private readonly db: Database,
    readonly prices: CataloguePrices,
    private readonly publicUrl: string,
  ) {
    this.receipts = { siteUrl: publicUrl };
  }

  async createCheckout(member: SessionUser, price: CataloguePrice): Promise<string> {
    const [row] = await this.db
      .insert(localCheckoutSessions)
      .values({ userId: member.id, planKey: price.planKey, billingPeriod: price.period })
      .returning({ id: localCheckoutSessions.id });
    return `${this.publicUrl}/test-checkout/${row!.id}`;
  }

  async createPortal(): Promise<string> {
    return `${this.publicUrl}/test-portal`;
  }

  /** A checkout of this member's (another member's id answers as a missing one). */
  async checkoutOf(memberId: string, id: string): Promise<LocalCheckoutRow | undefined> {
    const [row] = await this.db
      .select()
      .from(localCheckoutSessions)
      .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.userId, memberId)));
    return row;
  }

  /**
   * Pays a checkout with a test card: 4242… succeeds, 4000 0000 0000 0002 is
   * declined (nothing changes). The event id is the checkout's, so paying the
   * same checkout twice applies once.
   */
  async pay(checkout: LocalCheckoutRow, cardNumber: string, now = new Date()): Promise<void> {
    if (cardNumber === LOCAL_TEST_CARDS.declined) throw new PaymentRequestError(CARD_DECLINED_MESSAGE, 400);
    if (cardNumber !== LOCAL_TEST_CARDS.success) {
      throw new PaymentRequestError(
        `TEST MODE accepts only the test cards: ${LOCAL_TEST_CARDS.success} succeeds, ${LOCAL_TEST_CARDS.declined} is declined.`,
        400,
      );
    }
    if (checkout.paidAt) return;
    const subscriptionId = `local_sub_${checkout.id}`;
    const live = await activeSubscriptionOf(this.db, checkout.userId, now);
    // Paid a moment ago by a simultaneous request: the same payment, not a second subscription.
    if (live?.providerSubscriptionId === subscriptionId) return;
    if (live) throw new PaymentRequestError(ALREADY_SUBSCRIBED_MESSAGE);
    const period = checkout.billingPeriod;
    await applyPaymentEvent(
      this.db,
      {
        id: `local_checkout_${checkout.id}`,
        provider: 'local',
        type: 'checkout.completed',
        userId: checkout.userId,
        occurredAt: now,
        change: {
          kind: 'snapshot',
          snapshot: {
            providerSubscriptionId: subscriptionId,
            providerCustomerId: `local_cus_${checkout.userId}`,
            planKey: checkout.planKey,
            billingPeriod: period,
            status: 'active',
            currentPeriodEnd: periodEndFrom(now, period),
            cancelAtPeriodEnd: false,
          },
        },
      },
      this.receipts,
    );
    await this.db
      .update(localCheckoutSessions)
      .set({ paidAt: now })
      .where(and(eq(localCheckoutSessions.id, checkout.id), isNull(localCheckoutSessions.paidAt)));
  }

  async cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void> {
    await this.emit(subscription, 'subscription.cancel_scheduled', { cancelAtPeriodEnd: true });
  }

  /** Undoes a cancellation before the period ends (the local portal's Resume). */
  async resume(subscription: SubscriptionRow): Promise<void> {
    await this.emit(subscription, 'subscription.resumed', { cancelAtPeriodEnd: false });
  }

  /** The change's cost today, computed as Stripe computes an immediately invoiced change (local-proration.ts). */
  async previewChange(subscription: SubscriptionRow, price: CataloguePrice, at: Date): Promise<ChangeQuote> {
    this.managed(subscription);
    if (!subscription.currentPeriodEnd) {
      throw new PaymentRequestError('This subscription has no billing date to prorate from.');
    }
    const current = {
      planKey: subscription.planKey,
      period: subscription.billingPeriod ?? 'month',
      currentPeriodEnd: subscription.currentPeriodEnd,
    };
    return localChangeQuote(current, price.planKey, price.period, at);
  }

  /**
   * The confirmed change, as quoted: a new tier keeps the paid period; a new
   * billing period starts a fresh one from the quote's moment (as Stripe does
   * when the interval changes). TEST MODE takes no money: the quote's amounts
   * are what the receipt says was charged or credited.
   */
  async changePrice(subscription: SubscriptionRow, price: CataloguePrice, quote: ChangeQuote): Promise<void> {
    await this.emit(
      subscription,
      'subscription.price_changed',
      { planKey: price.planKey, billingPeriod: price.period, currentPeriodEnd: quote.nextBillingDate },
      { today: { chargedPence: quote.amountDueTodayPence, creditedPence: quote.creditTodayPence } },
    );
  }

  async reconcile(): Promise<void> {
    // Our database is this provider's record: there is nothing else to ask.
  }

  /**
   * What Stripe does at the end of each paid period, for this provider's own
   * subscriptions (those its checkout made): one that was to end, ends; any
   * other renews, and the member gets the 'renewed' receipt. Without it a
   * local-mode member who paid lost access after a month. The period moves to
   * the first end after `now`, in one event (a server stopped for months renews
   * once), counted from the last end (Stripe counts from the first day, so a
   * period that ended on the 28th because February is short would end on the
   * 31st there); the event's id names the period, so two instances renew it once.
   * Run on the programme scheduler's loop and clock (server.ts).
   */
  async renewEndedPeriods(now: Date): Promise<void> {
    const ended = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'local'),
          eq(subscriptions.status, 'active'),
          isNotNull(subscriptions.providerSubscriptionId),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      );
    for (const subscription of ended) {
      const end = subscription.currentPeriodEnd!;
      const id = `local_period_end_${subscription.providerSubscriptionId}_${end.getTime()}`;
      if (subscription.cancelAtPeriodEnd) {
        await this.emit(subscription, 'subscription.ended', { status: 'canceled' }, { id, at: now });
        continue;
      }
      const period = subscription.billingPeriod ?? 'month';
      let next = periodEndFrom(end, period);
      while (next <= now) next = periodEndFrom(next, period);
      await this.emit(subscription, 'subscription.renewed', { currentPeriodEnd: next }, { id, at: now });
    }
  }

  private managed(subscription: SubscriptionRow): string {
    if (!subscription.providerSubscriptionId) {
      throw new PaymentRequestError('This subscription is not managed by the payment provider.');
    }
    return subscription.providerSubscriptionId;
  }

  /**
   * One event about a subscription this provider manages: a fresh id unless
   * the event names a moment of its own (a period's end); it happens now, or
   * at `at` (the scheduler's clock).
   */
  private async emit(
    subscription: SubscriptionRow,
    type: string,
    changes: Partial<SubscriptionSnapshot>,
    { today, id, at }: { today?: ChargeToday; id?: string; at?: Date } = {},
  ) {
    const providerSubscriptionId = this.managed(subscription);
    const snapshot: SubscriptionSnapshot = {
      providerSubscriptionId,
      providerCustomerId: subscription.providerCustomerId,
      planKey: subscription.planKey,
      billingPeriod: subscription.billingPeriod,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      ...changes,
    };
    await applyPaymentEvent(
      this.db,
      {
        id: id ?? `local_evt_${randomUUID()}`,
        provider: 'local',
        type,
        userId: subscription.userId,
        // After the state it changes, even within the same millisecond.
        occurredAt: new Date(Math.max((at ?? new Date()).getTime(), subscription.stateAt.getTime() + 1)),
        change: { kind: 'snapshot', snapshot, ...(today && { today }) },
      },
      this.receipts,
    );
  }
}
