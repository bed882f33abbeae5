import type { Context } from 'hono';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { providerCall } from '../../lib/payments/provider-call';
import { StripePaymentProvider } from '../../lib/payments/stripe-provider';

/** Each request's verified event, handed from the signature check to the handler. */
const verifiedEvents = new WeakMap<Request, Stripe.Event>();

/**
 * POST /api/webhooks/stripe: Stripe's events, trusted only with a valid
 * Stripe-Signature over the exact bytes received (STRIPE_WEBHOOK_SECRET).
 * Each event id is applied once; a repeat answers 200 and changes nothing.
 * Without Stripe configured no signature is valid, so every call answers 400.
 */
export function stripeWebhookRoutes(deps: AppDeps) {
  const { payments, logger } = deps;
  const access = routeAccess(deps);
  const stripe = payments instanceof StripePaymentProvider ? payments : undefined;

  const isAuthentic = async (c: Context<AppEnv>) => {
    if (!stripe) return false;
    // The body as sent: request-input kept the bytes; re-serialised JSON would not match the signature.
    const raw = Buffer.from(await c.req.arrayBuffer());
    const event = await stripe.verifyWebhook(raw, c.req.header('stripe-signature'));
    if (event) verifiedEvents.set(c.req.raw, event);
    return Boolean(event);
  };

  return new Hono<AppEnv>().post('/stripe', access.webhook(isAuthentic), async (c) => {
    const event = verifiedEvents.get(c.req.raw)!;
    // Stripe unreachable while settling an event answers 502: Stripe retries it later.
    return providerCall(
      c,
      logger,
      () => stripe!.handleWebhookEvent(event),
      (outcome) => {
        logger.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
        return c.json({ received: true });
      },
    );
  });
}
