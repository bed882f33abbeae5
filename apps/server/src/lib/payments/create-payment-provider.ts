import type { Config } from '../../env';
import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import { CataloguePrices } from './catalogue-prices';
import { LocalPaymentProvider } from './local-provider';
import { StripePaymentProvider, type StripeApiEndpoint } from './stripe-provider';

export type AppPaymentProvider = StripePaymentProvider | LocalPaymentProvider;

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise, in local mode, the built-in
 * local provider. Production without Stripe has none: checkout answers 503.
 */
export function createPaymentProvider(
  config: Config,
  db: Database,
  logger: Logger,
  stripeEndpoint?: StripeApiEndpoint,
): AppPaymentProvider | null {
  if (config.stripe) {
    const prices = new CataloguePrices(config.stripe.prices, config.stripe.earlierPrices);
    return new StripePaymentProvider(db, prices, config.stripe, config.publicUrl, logger, stripeEndpoint);
  }
  if (config.production) return null;
  return new LocalPaymentProvider(db, new CataloguePrices(undefined), config.publicUrl);
}
