import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The value of one signed cookie, checked the way better-auth signs it
 * (better-call's `getSignedCookie`): the cookie holds
 * `encodeURIComponent(value + "." + base64(HMAC-SHA256(secret, value)))`.
 * Returns null when the cookie is absent, malformed or its signature is wrong.
 *
 * Synchronous node:crypto instead of better-call's WebCrypto: the same HMAC,
 * without importing the key and a thread-pool hop on every request.
 */
export function readSignedCookie(cookieHeader: string | null, name: string, secret: string): string | null {
  if (!cookieHeader) return null;
  const raw = cookieValue(cookieHeader, name);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  // A SHA-256 HMAC is 32 bytes: 44 base64 characters ending in one "=".
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  if (verified.get(raw) === secret) return value;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  remember(raw, secret);
  return value;
}

/**
 * Cookies whose signature was found good, with the secret it was good for.
 * Whether a signature matches never changes for a given secret, so a cookie
 * sent again skips the HMAC (the largest cost of a signed-in read after its
 * query). Only good signatures are kept, so a flood of forged cookies adds
 * nothing; whether the session is still live is the database's answer on
 * every request (decision 016).
 */
const verified = new Map<string, string>();
const MAX_VERIFIED = 10_000;

function remember(raw: string, secret: string) {
  // The oldest first: a Map keeps insertion order.
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
  verified.set(raw, secret);
}

/** The first cookie of that name, decoded as better-call decodes it. */
function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return null;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes('%') ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}
