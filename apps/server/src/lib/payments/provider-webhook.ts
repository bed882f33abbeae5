import Stripe from 'stripe';
import type { InboundEvent, InboundProcessor } from '../webhooks/inbound';
import type { WebhookVerifier } from '../webhooks/verifier';
import type { StripePaymentProvider } from './stripe-provider';

/** How the authorization matrix names Stripe's verifier. */
export const STRIPE_SIGNATURE = 'Stripe-Signature (Stripe SDK)';

/** Stripe's events embed whole objects: an invoice with many lines passes the API's usual 32 KB. */
export const STRIPE_WEBHOOK_MAX_BODY_BYTES = 512 * 1024;

/** A payment provider's webhook, for the inbound-webhook kit (routes/webhooks, lib/webhooks/inbound.ts). */
export interface ProviderWebhook extends InboundProcessor {
  verifier: WebhookVerifier;
  /** The events of a verified body. */
  eventsOf(body: unknown): InboundEvent[];
}

/**
 * Stripe's webhook on the kit: the SDK checks Stripe-Signature over the raw
 * bytes (STRIPE_WEBHOOK_SECRET); each body is one event, keyed by its id; the
 * provider applies it (handleWebhookEvent). Stripe unreachable while settling
 * an event is retried by our outbox; a request Stripe refuses as invalid (a
 * subscription it does not know) will not succeed later and is not retried.
 */
export function stripeWebhook(provider: StripePaymentProvider, webhookSecret: string): ProviderWebhook {
  return {
    verifier: {
      description: STRIPE_SIGNATURE,
      async verify(raw, header) {
        const signature = header('stripe-signature');
        if (!signature) return false;
        try {
          await provider.stripe.webhooks.constructEventAsync(Buffer.from(raw), signature, webhookSecret);
          return true;
        } catch {
          return false;
        }
      },
    },
    eventsOf(body) {
      const event = body as { id?: unknown; type?: unknown } | null;
      // Without an id there is nothing to key it by (and nothing Stripe would retry differently).
      if (typeof event?.id !== 'string' || !event.id || typeof event.type !== 'string') return [];
      return [{ id: event.id, type: event.type, payload: body }];
    },
    process: (event) => provider.handleWebhookEvent(event.payload as Stripe.Event),
    isRetryable: (error) => !(error instanceof Stripe.errors.StripeInvalidRequestError),
  };
}
