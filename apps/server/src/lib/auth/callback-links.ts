import { verifyJWT } from 'better-auth/crypto';

/**
 * Mail links lead to the web app's /auth/callback with the token in the
 * address fragment (docs/product.md#accounts-and-signing-in). A fragment never
 * reaches a server log or a Referer header.
 */
export type CallbackType = 'signup' | 'recovery' | 'email_change' | 'email_change_undo';

export function callbackLink(publicUrl: string, type: CallbackType, token: string): string {
  const fragment = new URLSearchParams({ access_token: token, type });
  return `${publicUrl}/auth/callback#${fragment.toString()}`;
}

/** better-auth's verification token is a JWT; an email change carries `updateTo`. */
export function isEmailChangeToken(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof claims.updateTo === 'string' && claims.updateTo.length > 0;
  } catch {
    return false;
  }
}

/** What better-auth's sign-up and email-change links carry, signed with the auth secret. */
export interface EmailLinkClaims {
  /** The account's address when the link was made. */
  email: string;
  /** An email change: the new address. */
  updateTo?: string;
  /** An email change: `change-email-verification` for the link mailed to the new address. */
  requestType?: string;
  userId?: string;
}

/** The claims of a link's token, once its signature and expiry check out; null otherwise. */
export async function readEmailLinkToken(token: string, secret: string): Promise<EmailLinkClaims | null> {
  const payload = await verifyJWT<Record<string, unknown>>(token, secret);
  if (!payload || typeof payload.email !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    email: payload.email,
    updateTo: text(payload.updateTo),
    requestType: text(payload.requestType),
    userId: text(payload.userId),
  };
}
