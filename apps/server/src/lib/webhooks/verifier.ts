import { timingSafeEqual } from 'node:crypto';

/**
 * How an inbound webhook proves who sent it (decision 054). One per sender:
 * Stripe's SDK, an HMAC over the raw body in a header (Meta's
 * X-Hub-Signature-256), Standard Webhooks. A verifier reads the exact bytes
 * received, never a re-serialised body: the signature is over those bytes.
 */
export interface WebhookVerifier {
  /** How the authorization matrix names it, e.g. "Stripe-Signature (Stripe SDK)". */
  readonly description: string;
  /**
   * Whether the request's signature holds over `raw`. Never throws for a bad or
   * missing signature. `query` reads the URL's parameters, for a sender's
   * handshake that proves itself there (Meta's `hub.verify_token`).
   */
  verify(
    raw: Uint8Array,
    header: (name: string) => string | undefined,
    query?: (name: string) => string | undefined,
  ): Promise<boolean>;
}

/** Byte-for-byte equality in time that does not depend on where the first difference is. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The verifier of a sender not configured here (no secret): it describes the scheme and refuses every call. */
export function unconfiguredVerifier(description: string): WebhookVerifier {
  return { description, verify: async () => false };
}
