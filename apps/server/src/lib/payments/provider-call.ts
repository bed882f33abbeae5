import type { Context } from 'hono';
import Stripe from 'stripe';
import type { ApiErrorBody } from '@app/shared';
import type { AppEnv } from '../../app-env';
import type { Logger } from '../logger';
import { PaymentRequestError } from './payment-provider';

export const PROVIDER_UNREACHABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.';
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Payments are not available right now. Please try again later.';

/**
 * Runs a call to the payment provider for a route: a refusal the member can act
 * on answers its 4xx, a failure at the provider answers 502 (logged), and
 * anything else (the database, say) goes to the app's error handler.
 */
export async function providerCall<T, R>(
  c: Context<AppEnv>,
  logger: Logger,
  call: () => Promise<T>,
  answer: (value: T) => R | Promise<R>,
) {
  try {
    return await answer(await call());
  } catch (error) {
    if (error instanceof PaymentRequestError) {
      const body: ApiErrorBody = { error: error.message };
      return c.json(body, error.status);
    }
    if (error instanceof Stripe.errors.StripeError) {
      logger.warn({ err: error, path: c.req.path }, 'payment provider call failed');
      const body: ApiErrorBody = { error: PROVIDER_UNREACHABLE_MESSAGE };
      return c.json(body, 502);
    }
    throw error;
  }
}
