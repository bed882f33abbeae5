import type { SessionUser } from '../../app-env';
import type { SubscriptionRow } from '../billing/subscriptions';
import type { CataloguePrice, CataloguePrices } from './catalogue-prices';
import type { ChangeQuote } from './change-quote';
import type { ProviderWebhook } from './provider-webhook';
import type { PaymentProviderName } from './subscription-events';

/**
 * What /api/me/subscription asks of a payment provider. Both providers change
 * our database only through the one state machine (subscription-events.ts):
 * Stripe from its webhook (and from its own answers to our calls), the local
 * provider from its TEST MODE pages.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  prices: CataloguePrices;
  /** The url of a checkout for this member and price (opened in a new tab). */
  createCheckout(member: SessionUser, price: CataloguePrice): Promise<string>;
  /** The url of the member's billing portal. */
  createPortal(member: SessionUser): Promise<string>;
  /** Cancels at the end of the paid period. */
  cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<void>;
  /** What switching to `price` costs today, prorated as of `at` (decision 066). */
  previewChange(subscription: SubscriptionRow, price: CataloguePrice, at: Date): Promise<ChangeQuote>;
  /**
   * Switches tier or period as the quote says, once the member confirmed it
   * (plan-change.ts checks the quote against what they saw first).
   */
  changePrice(subscription: SubscriptionRow, price: CataloguePrice, quote: ChangeQuote): Promise<void>;
  /**
   * Brings the row up to date with the provider when it may have missed an
   * event (Stripe); a no-op where our database is the provider's record (local).
   */
  reconcile(subscription: SubscriptionRow): Promise<void>;
  /** The provider's signed events, where it sends any (Stripe); the local provider writes its own. */
  webhook?: ProviderWebhook;
}

/** A refusal the member can act on (answered as a 4xx with this message). */
export class PaymentRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}
