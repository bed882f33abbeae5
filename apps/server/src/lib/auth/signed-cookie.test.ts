import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { readSignedCookie } from './signed-cookie';

/** Signed as better-auth signs its cookies: value, ".", base64 HMAC-SHA256, URL-encoded. */
const sign = (value: string, secret: string) =>
  encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);
const SECRET = 'first-secret-that-is-long-enough-0123456789';
const OTHER = 'other-secret-that-is-long-enough-0123456789';

it('accepts a good signature every time it is sent, and only for the secret that made it', () => {
  const header = `a=1; calm.session_token=${sign('token-1', SECRET)}`;
  expect(readSignedCookie(header, 'calm.session_token', SECRET)).toBe('token-1');
  // Sent again: the remembered check answers the same.
  expect(readSignedCookie(header, 'calm.session_token', SECRET)).toBe('token-1');
  // The same cookie is forged for a server with another secret, remembered or not.
  expect(readSignedCookie(header, 'calm.session_token', OTHER)).toBeNull();
});

it('refuses a changed value or signature, even beside a remembered good one', () => {
  const good = sign('token-2', SECRET);
  expect(readSignedCookie(`calm.session_token=${good}`, 'calm.session_token', SECRET)).toBe('token-2');
  const signature = decodeURIComponent(good).split('.').at(-1)!;
  const otherValue = encodeURIComponent(`token-3.${signature}`);
  expect(readSignedCookie(`calm.session_token=${otherValue}`, 'calm.session_token', SECRET)).toBeNull();
  const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  const badSignature = encodeURIComponent(`token-2.${flipped}`);
  expect(readSignedCookie(`calm.session_token=${badSignature}`, 'calm.session_token', SECRET)).toBeNull();
});
