import {
  CHANGE_NOTHING_TO_CHANGE_MESSAGE,
  CHANGE_PREVIEW_EXPIRED_MESSAGE,
  CHANGE_PREVIEW_VALID_MS,
  CHANGE_PRICE_MOVED_MESSAGE,
} from '@app/shared';
import type { SubscriptionRow } from '../billing/subscriptions';
import type { CataloguePrice } from './catalogue-prices';
import { sameAmounts, wholeSecond, type AgreedQuote, type ChangeQuote } from './change-quote';
import { PaymentRequestError, type PaymentProvider } from './payment-provider';

function refuseNoChange(subscription: SubscriptionRow, price: CataloguePrice) {
  if (subscription.planKey === price.planKey && (subscription.billingPeriod ?? 'month') === price.period) {
    throw new PaymentRequestError(CHANGE_NOTHING_TO_CHANGE_MESSAGE);
  }
}

/** The preview a member reads before a change of plan or period: the provider's quote as of now. */
export function previewPlanChange(
  provider: PaymentProvider,
  subscription: SubscriptionRow,
  price: CataloguePrice,
  now = new Date(),
): Promise<ChangeQuote> {
  refuseNoChange(subscription, price);
  return provider.previewChange(subscription, price, wholeSecond(now));
}

/**
 * The member's confirmation of a preview (decision 066). The provider computes
 * the change again as of the preview's moment; only when that comes to the
 * amounts the member saw does anything change. A preview from the future or
 * older than CHANGE_PREVIEW_VALID_MS is refused: the moment decides the
 * proration, so it is not the member's to choose.
 */
export async function confirmPlanChange(
  provider: PaymentProvider,
  subscription: SubscriptionRow,
  price: CataloguePrice,
  agreed: AgreedQuote,
  now = new Date(),
): Promise<void> {
  refuseNoChange(subscription, price);
  const age = now.getTime() - agreed.quotedAt.getTime();
  if (age < 0 || age > CHANGE_PREVIEW_VALID_MS) {
    throw new PaymentRequestError(CHANGE_PREVIEW_EXPIRED_MESSAGE);
  }
  const quote = await provider.previewChange(subscription, price, wholeSecond(agreed.quotedAt));
  if (!sameAmounts(quote, agreed)) throw new PaymentRequestError(CHANGE_PRICE_MOVED_MESSAGE);
  await provider.changePrice(subscription, price, quote);
}
