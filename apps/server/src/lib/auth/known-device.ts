import type { HookEndpointContext } from 'better-auth';
import { readSignedCookie } from './signed-cookie';

/**
 * The known-device cookie (OWASP's "device cookie" against account lockout):
 * set when someone signs in to an account with its password, it lets that
 * browser keep trying that account while strangers' failures have locked it
 * (decision 049). It is signed like better-auth's own cookies (HMAC-SHA256 with
 * the auth secret), readable by the server only (httpOnly), and names the
 * account and when it was issued. It grants nothing but the right to have a
 * password checked: each known device has its own count and limit.
 */
export const KNOWN_DEVICE_COOKIE = 'calm.known_device';
/** How long a browser stays known after its last sign-in (each sign-in issues a new cookie). */
export const KNOWN_DEVICE_DAYS = 180;

const PURPOSE = 'known-device';

export interface KnownDevice {
  userId: string;
  issuedAt: Date;
  /** The cookie's signed value: names this device's own counter. */
  value: string;
}

/** The valid known-device cookie the request carries, or null (absent, forged, expired). */
export function readKnownDevice(cookieHeader: string | null, secret: string, now = new Date()): KnownDevice | null {
  const value = readSignedCookie(cookieHeader, KNOWN_DEVICE_COOKIE, secret);
  if (!value) return null;
  const [purpose, userId, issued] = value.split(':');
  const issuedAt = new Date(Number(issued) * 1000);
  if (purpose !== PURPOSE || !userId || Number.isNaN(issuedAt.getTime())) return null;
  const age = now.getTime() - issuedAt.getTime();
  if (age < 0 || age > KNOWN_DEVICE_DAYS * 86_400_000) return null;
  return { userId, issuedAt, value };
}

/** Sets the cookie on the answer to a successful sign-in (better-auth's after hook). */
export async function rememberDevice(ctx: HookEndpointContext, secret: string, userId: string, secure: boolean) {
  const value = `${PURPOSE}:${userId}:${Math.floor(Date.now() / 1000)}`;
  await ctx.setSignedCookie?.(KNOWN_DEVICE_COOKIE, value, secret, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/api/auth',
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });
}
