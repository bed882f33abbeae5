import { createHmac } from 'node:crypto';
import { sameBytes, type WebhookVerifier } from './verifier';

export interface HmacHeaderScheme {
  /** The header holding the signature, e.g. `x-hub-signature-256`. */
  header: string;
  /** The shared secret, as the sender's dashboard shows it (its bytes are the HMAC key). */
  secret: string;
  /** Node's name for the hash: `sha256`, `sha1`, `sha512`. */
  algorithm?: string;
  /** What comes before the digest in the header, e.g. `sha256=`; an absent prefix fails. */
  prefix?: string;
  /** How the digest is written. */
  encoding?: 'hex' | 'base64';
}

/**
 * The common scheme of a single HMAC over the raw body in one header, as
 * Meta's `X-Hub-Signature-256: sha256=<hex>` (the WhatsApp Cloud API) and
 * Chatwoot's `X-Chatwoot-Signature` use. The digest is decoded and compared
 * as bytes in constant time; a digest of the wrong length or alphabet fails.
 */
export function hmacHeaderVerifier(scheme: HmacHeaderScheme): WebhookVerifier {
  const { header, secret, algorithm = 'sha256', prefix = '', encoding = 'hex' } = scheme;
  const alphabet = encoding === 'hex' ? /^[0-9a-fA-F]+$/ : /^[A-Za-z0-9+/]+={0,2}$/;
  return {
    description: `${header} (HMAC-${algorithm.toUpperCase()}${prefix ? `, ${prefix}` : ''} ${encoding})`,
    async verify(raw, headerOf) {
      const value = headerOf(header);
      if (!value?.startsWith(prefix)) return false;
      const digest = value.slice(prefix.length).trim();
      // Buffer.from skips what it cannot decode; an altered digest must not decode to a shorter valid one.
      if (!alphabet.test(digest)) return false;
      const expected = createHmac(algorithm, secret).update(raw).digest();
      return sameBytes(Buffer.from(digest, encoding), expected);
    },
  };
}
