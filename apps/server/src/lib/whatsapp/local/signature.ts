import { createHmac } from 'node:crypto';

/** The header Meta signs webhooks with. */
export const SIGNATURE_HEADER = 'X-Hub-Signature-256';

/** `sha256=<hex HMAC-SHA256 of the exact bytes sent, keyed with the app secret>`, as Meta writes it. */
export function hubSignature(appSecret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}
