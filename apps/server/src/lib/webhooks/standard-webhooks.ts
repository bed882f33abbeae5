import { createHmac } from 'node:crypto';
import { sameBytes, type WebhookVerifier } from './verifier';

/**
 * The Standard Webhooks scheme (standardwebhooks.com), for the webhooks we
 * send and any we receive so signed:
 *
 *   webhook-id:        the message's id, the same on every retry (receivers dedupe on it)
 *   webhook-timestamp: when this attempt was signed, in whole seconds since 1970
 *   webhook-signature: `v1,<base64 HMAC-SHA256 over "<id>.<timestamp>.<body>">`,
 *                      several space-separated while a secret is being rotated
 *
 * The secret is `whsec_` followed by the key in base64; the key is the
 * base64-decoded bytes.
 */

const SECRET_PREFIX = 'whsec_';
/** How far a timestamp may be from the receiver's clock: the spec's replay window. */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
/** Fewer bytes of key than the spec's smallest are refused (its minimum is 24, its default 32). */
export const MIN_KEY_BYTES = 24;

/** The HMAC key of a `whsec_<base64>` secret, or undefined when the secret is not of that form. */
export function secretKey(secret: string): Buffer | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= MIN_KEY_BYTES ? key : undefined;
}

/** What is signed: id, timestamp and the exact body, joined by dots. */
function signature(key: Buffer, id: string, timestamp: number | string, body: Uint8Array | string): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The three headers of one attempt. `secret` must be a valid `whsec_` secret (checked at start-up, env.ts). */
export function signStandardWebhook(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = secretKey(secret);
  if (!key) throw new Error('The webhook secret is not a whsec_ secret');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': `v1,${signature(key, message.id, message.timestamp, message.body).toString('base64')}`,
  };
}

/**
 * The receiving side, written from the spec: all three headers present, the
 * timestamp within the tolerance either way, and one of the `v1,` signatures
 * equal (in constant time) to ours over the raw body.
 */
export function standardWebhookVerifier(
  secret: string,
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = () => Date.now() } = {},
): WebhookVerifier {
  const key = secretKey(secret);
  if (!key) throw new Error('The webhook secret is not a whsec_ secret');
  return {
    description: 'webhook-signature (Standard Webhooks)',
    async verify(raw, header) {
      const id = header('webhook-id');
      const timestamp = header('webhook-timestamp');
      const signatures = header('webhook-signature');
      if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
      if (Math.abs(now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
      // Computed here from the spec's words, not with the sender's helper: a test of one checks the other.
      const expected = createHmac('sha256', key)
        .update(Buffer.concat([Buffer.from(`${id}.${timestamp}.`), raw]))
        .digest();
      return signatures.split(' ').some((candidate) => {
        const [version, value] = candidate.split(',', 2);
        if (version !== 'v1' || !value || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
        return sameBytes(Buffer.from(value, 'base64'), expected);
      });
    },
  };
}
