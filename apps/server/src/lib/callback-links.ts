/**
 * Mail links lead to the web app's /auth/callback with the token in the
 * address fragment (docs/product.md#accounts-and-signing-in). A fragment never
 * reaches a server log or a Referer header.
 */
export type CallbackType = 'signup' | 'recovery' | 'email_change';

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
