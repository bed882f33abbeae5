import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { CHANGE_NOT_PAID_MESSAGE } from '@app/shared';
import type { SessionUser } from '../../app-env';
import type { Database } from '../../db/client';
import { paymentCustomers, profiles } from '../../db/schema';
import type { Logger } from '../logger';
import type { SubscriptionRow } from '../billing/subscriptions';
import type { CataloguePrice, CataloguePrices } from './catalogue-prices';
import type { ChangeQuote } from './change-quote';
import { PaymentRequestError, type PaymentProvider } from './payment-provider';
import type { ChargeToday, ReceiptSettings } from './receipts';
import { unreadableEventReason } from './stripe-event-shapes';
import { stripeWebhook, type ProviderWebhook } from './provider-webhook';
import {
  applyFetchedSubscription,
  applyPaymentEvent,
  isPaymentEventProcessed,
  markPaymentEventProcessed,
  type ApplyOutcome,
  type SubscriptionChange,
  type SubscriptionSnapshot,
} from './subscription-events';

/** Where the SDK sends its calls: Stripe itself unless a test points it at a local fake server. */
export interface StripeApiEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
}

/** The Stripe events that change a subscription; any other is acknowledged and left alone. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/**
 * Payments through Stripe (STRIPE_SECRET_KEY set): Checkout in subscription
 * mode, the billing portal, and the webhook's events turned into the internal
 * events of subscription-events.ts. Cancel and plan changes act through
 * Stripe; Stripe's answer (not a browser redirect) updates our row.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  /** Stripe's webhook: its verifier, its events, and how they are applied (stripe-webhook.ts). */
  readonly webhook: ProviderWebhook;
  private readonly receipts: ReceiptSettings;

  constructor(
    private readonly db: Database,
    readonly prices: CataloguePrices,
    private readonly settings: StripeSettings,
    private readonly publicUrl: string,
    private readonly logger: Logger,
    endpoint?: StripeApiEndpoint,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Calm Space' },
      ...endpoint,
    });
    this.webhook = stripeWebhook(this, settings.webhookSecret);
    this.receipts = { siteUrl: publicUrl };
  }

  async createCheckout(member: SessionUser, price: CataloguePrice): Promise<string> {
    const customer = await this.customerOf(member);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: member.id,
      metadata: { user_id: member.id },
      subscription_data: { metadata: { user_id: member.id } },
      line_items: [{ price: price.priceId, quantity: 1 }],
      success_url: `${this.publicUrl}/subscription?checkout=success`,
      cancel_url: `${this.publicUrl}/subscription?checkout=cancelled`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return session.url;
  }

  async createPortal(member: SessionUser): Promise<string> {
    const customer = await this.customerOf(member);
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      return_url: `${this.publicUrl}/subscription`,
    });
    return session.url;
  }

  async cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void> {
    const updated = await this.stripe.subscriptions.update(this.subscriptionIdOf(subscription), {
      cancel_at_period_end: true,
    });
    await this.applyCurrent(subscription.userId, updated);
  }

  /**
   * Stripe's invoice preview of the change, invoiced at once (always_invoice),
   * prorated as of `at`: the same computation the update makes when given the
   * same proration date.
   */
  async previewChange(subscription: SubscriptionRow, price: CataloguePrice, at: Date): Promise<ChangeQuote> {
    const { current, item } = await this.currentItem(subscription);
    const preview = await this.stripe.invoices.createPreview({
      customer: idOf(current.customer),
      subscription: current.id,
      subscription_details: {
        items: [{ id: item.id, price: price.priceId }],
        proration_behavior: 'always_invoice',
        proration_date: Math.floor(at.getTime() / 1000),
      },
    });
    const lines = preview.lines.data;
    // The latest end among the invoice's lines: a new billing period's end, or the current one's.
    const ends = lines.map((line) => line.period.end);
    const nextBillingSeconds = ends.length ? Math.max(...ends) : item.current_period_end;
    return {
      planKey: price.planKey,
      period: price.period,
      pricePence: price.amountPence,
      lines: lines.map((line) => ({ description: line.description ?? '', amountPence: line.amount })),
      amountDueTodayPence: preview.amount_due,
      creditTodayPence: Math.max(-preview.total, 0),
      nextBillingDate: new Date(nextBillingSeconds * 1000),
      quotedAt: at,
    };
  }

  /**
   * The change the member confirmed (plan-change.ts checked the quote against
   * what they saw): Stripe computes it as of the quote's moment
   * (proration_date), so it charges what the preview said. The update applies
   * only once its invoice is paid (pending_if_incomplete): a declined card
   * leaves the plan as it was.
   */
  async changePrice(subscription: SubscriptionRow, price: CataloguePrice, quote: ChangeQuote): Promise<void> {
    const { current, item } = await this.currentItem(subscription);
    const updated = await this.stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price: price.priceId }],
      proration_behavior: 'always_invoice',
      proration_date: Math.floor(quote.quotedAt.getTime() / 1000),
      payment_behavior: 'pending_if_incomplete',
    });
    await this.applyCurrent(subscription.userId, updated, {
      chargedPence: quote.amountDueTodayPence,
      creditedPence: quote.creditTodayPence,
    });
    if (updated.pending_update) throw new PaymentRequestError(CHANGE_NOT_PAID_MESSAGE);
  }

  async reconcile(subscription: SubscriptionRow): Promise<void> {
    const current = await this.stripe.subscriptions.retrieve(this.subscriptionIdOf(subscription));
    await this.applyCurrent(subscription.userId, current);
  }

  /**
   * Applies one verified webhook event. Events about a subscription carry its
   * state at the event's time; one older than our row (or as old: Stripe's
   * times are whole seconds) is settled by fetching the subscription now.
   */
  async handleWebhookEvent(event: Stripe.Event): Promise<ApplyOutcome> {
    if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
    const unreadable = unreadableEventReason(event);
    if (unreadable) {
      this.logger.warn({ event: event.id, type: event.type, reason: unreadable }, 'Stripe event refused');
      // Recorded so Stripe's retries answer 'duplicate'; without an id there is nothing to record.
      if (typeof event.id === 'string' && event.id) {
        await markPaymentEventProcessed(this.db, { id: event.id, provider: 'stripe', type: event.type }, unreadable);
      }
      return 'refused';
    }
    // Before anything is fetched from Stripe: a processed event costs no call.
    if (await isPaymentEventProcessed(this.db, 'stripe', event.id)) return 'duplicate';

    const translated = await this.translate(event);
    if (!translated) return 'ignored';
    const { userId, change, occurredAt, subscriptionId } = translated;
    const outcome = await applyPaymentEvent(
      this.db,
      { id: event.id, provider: 'stripe', type: event.type, userId, occurredAt, change },
      this.receipts,
    );
    if (outcome === 'stale') {
      // Settled with Stripe's state now; only then is the event processed. A failed
      // fetch throws, and the outbox's retry (lib/webhooks/inbound.ts) settles it again.
      await this.applyCurrent(userId, await this.stripe.subscriptions.retrieve(subscriptionId));
      await markPaymentEventProcessed(this.db, { id: event.id, provider: 'stripe', type: event.type });
    }
    return outcome;
  }

  private async translate(
    event: Stripe.Event,
  ): Promise<{ userId: string; change: SubscriptionChange; occurredAt: Date; subscriptionId: string } | undefined> {
    const eventTime = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId) return undefined;
        // The session says only which subscription it made: its state is fetched.
        const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
        const userId =
          session.client_reference_id ?? session.metadata?.user_id ?? (await this.memberOf(idOf(session.customer)));
        return this.snapshotChange(userId, subscription, new Date());
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const userId = subscription.metadata?.user_id ?? (await this.memberOf(idOf(subscription.customer)));
        return this.snapshotChange(userId, subscription, eventTime);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (!subscriptionId) return undefined;
        const userId =
          invoice.parent?.subscription_details?.metadata?.user_id ?? (await this.memberOf(idOf(invoice.customer)));
        if (!userId) return undefined;
        if (event.type === 'invoice.payment_failed') {
          return {
            userId,
            subscriptionId,
            occurredAt: eventTime,
            change: { kind: 'payment_failed', providerSubscriptionId: subscriptionId },
          };
        }
        // A paid invoice moves the period on: the subscription's new state is fetched.
        return this.snapshotChange(userId, await this.stripe.subscriptions.retrieve(subscriptionId), new Date());
      }
      default:
        return undefined;
    }
  }

  private snapshotChange(userId: string | undefined, subscription: Stripe.Subscription, occurredAt: Date) {
    const snapshot = this.snapshotOf(subscription);
    if (!userId || !snapshot) return undefined;
    return { userId, occurredAt, subscriptionId: subscription.id, change: { kind: 'snapshot' as const, snapshot } };
  }

  private snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot | undefined {
    const item = subscription.items.data[0];
    const price = item && this.prices.byPriceId(item.price.id);
    if (!item || !price) {
      this.logger.warn(
        { subscription: subscription.id },
        'Stripe subscription for a price that is not in the catalogue',
      );
      return undefined;
    }
    return {
      providerSubscriptionId: subscription.id,
      providerCustomerId: idOf(subscription.customer) ?? null,
      planKey: price.planKey,
      billingPeriod: price.period,
      status: subscription.status,
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  private async applyCurrent(userId: string, subscription: Stripe.Subscription, today?: ChargeToday) {
    const snapshot = this.snapshotOf(subscription);
    if (snapshot) {
      await applyFetchedSubscription(this.db, this.receipts, 'stripe', userId, snapshot, new Date(), today);
    }
  }

  private async currentItem(subscription: SubscriptionRow) {
    const current = await this.stripe.subscriptions.retrieve(this.subscriptionIdOf(subscription));
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${current.id} has no item`);
    return { current, item };
  }

  private subscriptionIdOf(subscription: SubscriptionRow): string {
    if (subscription.provider !== 'stripe' || !subscription.providerSubscriptionId) {
      throw new PaymentRequestError('This subscription is not managed by the payment provider.');
    }
    return subscription.providerSubscriptionId;
  }

  private async memberOf(customerId: string | undefined): Promise<string | undefined> {
    if (!customerId) return undefined;
    const [row] = await this.db
      .select({ userId: paymentCustomers.userId })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.providerCustomerId, customerId));
    return row?.userId;
  }

  /**
   * The member's Stripe customer, created once. The member's profile row is
   * locked while it is looked up and, the first time, created: concurrent
   * clicks wait for the first and reuse its customer. The idempotency key
   * makes a retried create return the same customer.
   */
  private customerOf(member: SessionUser): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, member.id)).for('update');
      const [existing] = await tx
        .select({ id: paymentCustomers.providerCustomerId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, member.id));
      if (existing) return existing.id;
      const customer = await this.stripe.customers.create(
        { email: member.email, name: member.name, metadata: { user_id: member.id } },
        { idempotencyKey: `calm-space-customer-${member.id}` },
      );
      await tx
        .insert(paymentCustomers)
        .values({ userId: member.id, provider: 'stripe', providerCustomerId: customer.id });
      return customer.id;
    });
  }
}
