import type { HookEndpointContext } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { CONFIRM_WITH_PASSWORD_CODE, CONFIRM_WITH_PASSWORD_MESSAGE } from '@app/shared';
import type { Database } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { readEmailLinkToken } from './callback-links';
import { verifyPassword } from './passwords';
import { readSignedCookie } from './signed-cookie';

/**
 * Proof before power (decision 046). A sign-up confirmation link proves the
 * address, not the password: whoever signed up may not own the mailbox, and
 * whoever owns the mailbox may not have signed up. So the link signs in only
 * a browser that has shown it knows the account's password:
 *
 * - the browser that made the sign-up, which our sign-up answer marks with a
 *   signed, httpOnly cookie naming the account it created (this one);
 * - or a browser that typed that password on the confirmation page since, or
 *   chose a new one there, which drops the old (routes/sign-up-confirmation).
 *
 * Anywhere else the link answers CONFIRM_WITH_PASSWORD and confirms nothing:
 * the account stays unproven, so the password someone else may have chosen
 * never reaches a confirmed account.
 */

export const SIGN_UP_PATH = '/sign-up/email';
const SIGN_IN_PATH = '/sign-in/email';
/** An argon2id hash of a random password nobody knows: checked when an account has none, for the time it takes. */
const UNUSABLE_HASH =
  '$argon2id$v=19$m=47104,t=1,p=1$HT3HIjmpXrSLbHjMkHUe4g$cbkXxeA7fJQDWZl36Z+M92fra073DMJ37vnm4c4JVEg';
/** better-auth's answer to a wrong password (its BASE_ERROR_CODES, which it does not export). */
const INVALID_EMAIL_OR_PASSWORD = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };
export const VERIFY_EMAIL_PATH = '/verify-email';
/** better-auth's cookie naming adds our prefix ("calm.") and, in production, `__Secure-`. */
export const SIGN_UP_BROWSER_COOKIE = 'sign_up_browser';
/** As long as the link it goes with. */
export const SIGN_UP_BROWSER_SECONDS = 3600;

/** The cookie's value: the account and when the mark ends (the cookie's own Max-Age is the browser's word only). */
export function signUpBrowserValue(userId: string, now = Date.now()): string {
  return `${userId}:${Math.floor(now / 1000) + SIGN_UP_BROWSER_SECONDS}`;
}

/** The account this browser may confirm, from its signed cookie; null when none, forged or expired. */
export function signUpBrowserAccount(cookieHeader: string | null, cookieName: string, secret: string): string | null {
  const value = readSignedCookie(cookieHeader, cookieName, secret);
  const match = value?.match(/^(.+):(\d+)$/);
  if (!match || Number(match[2]) * 1000 < Date.now()) return null;
  return match[1]!;
}

/**
 * hooks.after of sign-up: marks this browser. A taken address gets better-auth's
 * look-alike answer with a random id, and the same cookie naming that id
 * (which matches no account), so the answers stay alike (decision 009).
 */
export async function markSignUpBrowser(ctx: HookEndpointContext): Promise<void> {
  if (ctx.path !== SIGN_UP_PATH) return;
  const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
  if (isAPIError(returned) || typeof returned?.user?.id !== 'string') return;
  const cookie = ctx.context.createAuthCookie(SIGN_UP_BROWSER_COOKIE, { maxAge: SIGN_UP_BROWSER_SECONDS });
  // Always there on an endpoint call; were it not, the newcomer could still confirm with the password.
  if (!ctx.setSignedCookie) throw new Error('sign-up hook without a cookie setter');
  await ctx.setSignedCookie(cookie.name, signUpBrowserValue(returned.user.id), ctx.context.secret, cookie.attributes);
}

/**
 * hooks.before of verify-email: a sign-up link for an unproven account goes on
 * (confirms and signs in) only in a browser marked for that account.
 * Email-change links and links of confirmed accounts are not this rule's business.
 */
export async function requireSignUpBrowser(ctx: HookEndpointContext, db: Database): Promise<void> {
  if (ctx.path !== VERIFY_EMAIL_PATH) return;
  const token = (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return;
  const claims = await readEmailLinkToken(token, ctx.context.secret);
  // A forged or expired token is better-auth's to refuse; an email change is lib/auth/email-change's.
  if (!claims || claims.updateTo) return;
  const account = await unprovenAccount(db, claims);
  if (!account) return;
  const cookie = ctx.context.createAuthCookie(SIGN_UP_BROWSER_COOKIE);
  const marked = signUpBrowserAccount(ctx.headers?.get('cookie') ?? null, cookie.name, ctx.context.secret);
  if (marked !== account.id) {
    throw new APIError('FORBIDDEN', { message: CONFIRM_WITH_PASSWORD_MESSAGE, code: CONFIRM_WITH_PASSWORD_CODE });
  }
}

/** The account a sign-up link names, when its address is still unproven. */
export async function unprovenAccount(db: Database, claims: { email: string; userId?: string }) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, claims.email.toLowerCase()));
  if (!row || row.emailVerified) return null;
  // better-auth binds sign-up links to the account; one for an earlier account of the address is void.
  if (claims.userId && claims.userId !== row.id) return null;
  return row;
}

/**
 * hooks.before of sign-in: an unconfirmed account never signs in, and says so
 * exactly as a wrong password or an unknown address does (401 "Invalid email
 * or password"), after the same password check, so the answer does not tell
 * whoever signed up an address whether their sign-up made the account, i.e.
 * that nobody was a member with it (decision 009). (better-auth's own
 * requireEmailVerification would answer the right password with 403, and an
 * after hook cannot change a status.)
 */
export async function refuseUnprovenSignIn(ctx: HookEndpointContext, db: Database): Promise<void> {
  if (ctx.path !== SIGN_IN_PATH) return;
  const { email, password } = (ctx.body ?? {}) as { email?: unknown; password?: unknown };
  if (typeof email !== 'string' || typeof password !== 'string') return;
  const [account] = await db
    .select({ emailVerified: users.emailVerified, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!account || account.emailVerified) return;
  // The time a password check takes, right or wrong, as better-auth spends it.
  await verifyPassword({ hash: account.hash ?? UNUSABLE_HASH, password });
  throw APIError.from('UNAUTHORIZED', INVALID_EMAIL_OR_PASSWORD);
}
