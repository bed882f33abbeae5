import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { STRIPE_SIGNATURE, STRIPE_WEBHOOK_MAX_BODY_BYTES } from '../../lib/payments/provider-webhook';
import { receiveInbound } from '../../lib/webhooks/inbound';
import { unconfiguredVerifier } from '../../lib/webhooks/verifier';
import { routeAccess } from '../../middleware/access';
import { routeBodyLimit } from '../../middleware/body-limit';

/**
 * POST /api/webhooks/stripe: Stripe's events on the inbound-webhook kit
 * (lib/webhooks/inbound.ts). Trusted only with a valid Stripe-Signature over
 * the exact bytes received (STRIPE_WEBHOOK_SECRET); recorded, answered 200,
 * then applied by the outbox worker, each event id once: a repeat answers 200
 * and changes nothing. Without Stripe configured no signature is valid, so
 * every call answers 400.
 */
export function stripeWebhookRoutes(deps: AppDeps) {
  const access = routeAccess(deps);
  const webhook = deps.payments?.webhook;
  return new Hono<AppEnv>().post(
    '/stripe',
    access.webhook(webhook?.verifier ?? unconfiguredVerifier(STRIPE_SIGNATURE)),
    routeBodyLimit(STRIPE_WEBHOOK_MAX_BODY_BYTES),
    receiveInbound(deps, 'stripe', webhook?.eventsOf ?? (() => [])),
  );
}
