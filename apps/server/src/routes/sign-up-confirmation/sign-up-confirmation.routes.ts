import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { setSignedCookie } from 'hono/cookie';
import {
  confirmWithNewPasswordSchema,
  confirmWithPasswordSchema,
  type ApiErrorBody,
  type SignUpConfirmationDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { accounts } from '../../db/schema';
import { replaceSignUpPassword } from '../../lib/accounts/account-writes';
import { readEmailLinkToken } from '../../lib/auth/callback-links';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords';
import { countHit } from '../../lib/rate-limit-counters';
import {
  SIGN_UP_BROWSER_COOKIE,
  SIGN_UP_BROWSER_SECONDS,
  signUpBrowserValue,
  unprovenAccount,
} from '../../lib/auth/sign-up-proof';
import { routeAccess } from '../../middleware/access';
import { rateLimitPerClient } from '../../middleware/rate-limit';
import { invalidInput, validate } from '../../middleware/validate';

/** Wrong passwords allowed per account in the window, as for deleting an account. */
const PASSWORD_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 };

const LINK_UNUSABLE: ApiErrorBody = {
  error:
    'This confirmation link has expired, or the account is confirmed already. If it is, sign in; if not, ask for a new link.',
  code: 'INVALID_TOKEN',
};
const TOO_MANY: ApiErrorBody = {
  error: 'Too many attempts with a wrong password. Please wait 15 minutes, or choose a new password instead.',
  code: 'too_many_attempts',
};
const WRONG_PASSWORD =
  'That is not the password this account was created with. If you did not create it, or have forgotten it, choose a new password below.';

/**
 * The confirmation page, opened in a browser that did not make the sign-up
 * (decision 046; lib/auth/sign-up-proof.ts). The link proves the address; these
 * prove the password, or replace it. Either way the answer marks this browser
 * as able to confirm, and the page then follows the link again, which
 * confirms the address and signs in through better-auth as usual.
 */
export function signUpConfirmationRoutes(deps: AppDeps) {
  const { db, auth } = deps;
  const access = routeAccess(deps);
  const perClient = rateLimitPerClient(db, {
    name: 'sign-up-confirmation',
    max: deps.config.rateLimit.signInMax,
    windowSeconds: 60,
    message: 'Too many tries from this address. Please wait a minute and try again.',
  });

  /** The unproven account a live sign-up link names; null for anything else. */
  async function accountOfLink(token: string) {
    const claims = await readEmailLinkToken(token, (await auth.$context).secret);
    if (!claims || claims.updateTo) return null;
    return unprovenAccount(db, claims);
  }

  async function markThisBrowser(c: Context<AppEnv>, userId: string) {
    const ctx = await auth.$context;
    const cookie = ctx.createAuthCookie(SIGN_UP_BROWSER_COOKIE, { maxAge: SIGN_UP_BROWSER_SECONDS });
    const { sameSite, ...attributes } = cookie.attributes;
    await setSignedCookie(c, cookie.name, signUpBrowserValue(userId), ctx.secret, {
      ...attributes,
      sameSite: sameSite === 'none' ? 'None' : sameSite === 'strict' ? 'Strict' : 'Lax',
    });
    const body: SignUpConfirmationDto = { confirmable: true };
    return c.json(body, 200);
  }

  return new Hono<AppEnv>()
    .post('/password', access.public, validate('json', confirmWithPasswordSchema), perClient, async (c) => {
      const { token, password } = c.req.valid('json');
      const account = await accountOfLink(token);
      if (!account) return c.json(LINK_UNUSABLE, 400);
      // Counted before the check, so parallel guesses cannot pass the limit (as sign-in does).
      const attempt = await countHit(db, `confirm-sign-up:${account.id}`, PASSWORD_ATTEMPTS);
      if (attempt.count > PASSWORD_ATTEMPTS.max) {
        c.header('Retry-After', String(attempt.secondsLeft));
        return c.json(TOO_MANY, 429);
      }
      const [credential] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, account.id), eq(accounts.providerId, 'credential')));
      if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password }))) {
        return invalidInput(c, { password: [WRONG_PASSWORD] });
      }
      return markThisBrowser(c, account.id);
    })
    .post('/new-password', access.public, validate('json', confirmWithNewPasswordSchema), perClient, async (c) => {
      const { token, new_password: newPassword } = c.req.valid('json');
      const account = await accountOfLink(token);
      if (!account) return c.json(LINK_UNUSABLE, 400);
      // Loaded on first use, as for every new password (lib/auth/new-password-check.ts).
      const { judgePassword } = await import('@app/shared/password-strength');
      const verdict = judgePassword(newPassword, { email: account.email });
      if (!verdict.ok)
        return invalidInput(c, { new_password: [verdict.message ?? 'Please choose a stronger password.'] });
      await replaceSignUpPassword(db, account.id, await hashPassword(newPassword));
      return markThisBrowser(c, account.id);
    });
}
