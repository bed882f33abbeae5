import { createHmac } from 'node:crypto';

/**
 * An authenticator app, written from the RFCs rather than taken from the
 * library under test: the secret from an otpauth:// URI (RFC 4648 base32),
 * and the code for a moment (RFC 6238: HOTP of RFC 4226 over 30-second steps,
 * HMAC-SHA-1, six digits).
 */
export function secretFromOtpauthUri(uri: string): Buffer {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:' || url.host !== 'totp') throw new Error(`not a TOTP URI: ${uri}`);
  return base32Decode(url.searchParams.get('secret') ?? '');
}

export function totpCode(secret: Buffer, at = Date.now(), stepSeconds = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
