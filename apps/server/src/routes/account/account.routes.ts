import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  deleteAccountSchema,
  type AccountDeletionRefusal,
  type AccountStatusDto,
  type ApiErrorBody,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { accounts, users } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';
import { deleteAccount, deletionRefusal, type DeletionRefusal } from '../../lib/account-rights/account-deletion';
import { exportAccount } from '../../lib/account-rights/account-export';
import { pendingEmailOf } from '../../lib/account-rights/pending-email';
import { countHit } from '../../lib/rate-limit-counters';
import { verifyPassword } from '../../lib/auth/passwords';

/** Wrong passwords allowed per account in the window before deletion attempts wait. */
const DELETE_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 };

const NO_PASSWORD: ApiErrorBody = {
  error:
    'Your account has no password yet: you sign in with Google. Choose one with “Forgot password?” on the sign-in page, then come back to delete your account.',
  code: 'no_password',
};
const TOO_MANY: ApiErrorBody = {
  error: 'Too many attempts with a wrong password. Please wait 15 minutes and try again.',
  code: 'too_many_attempts',
};
const LAST_ADMIN: AccountDeletionRefusal = {
  error: 'You are the only admin. Give the admin role to someone else before deleting your account.',
  code: 'last_admin',
};
const NOT_FOUND: ApiErrorBody = { error: 'Account not found' };

function subscriptionRenews(renewsAt: Date | null): AccountDeletionRefusal {
  const when = renewsAt
    ? ` on ${renewsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`
    : '';
  return {
    error: `Your subscription renews${when}. Please cancel it on the Subscription page first, then delete your account.`,
    code: 'subscription_active',
  };
}

/** The same words for a refusal whether the profile asks first or the deletion is refused. */
const refusalBody = (refusal: DeletionRefusal): AccountDeletionRefusal =>
  refusal.outcome === 'last_admin' ? LAST_ADMIN : subscriptionRenews(refusal.renewsAt);

/** Today's date in the export's file name: calm-space-data-2026-11-23.json. */
const exportFileName = (now: Date) => `calm-space-data-${now.toISOString().slice(0, 10)}.json`;

/**
 * The member's rights over their account (docs/product.md#profile, decision
 * 031): what the profile's "Your account" card reads, the data export, and the
 * deletion. The password and address changes are better-auth's own endpoints.
 */
export function accountRoutes(deps: AppDeps) {
  const { db, auth, config } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/account', access.member, async (c) => {
      const userId = c.get('user').id;
      const [[account], [credential], pendingEmail, refusal] = await Promise.all([
        db.select().from(users).where(eq(users.id, userId)),
        db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'))),
        pendingEmailOf(db, userId),
        deletionRefusal(db, userId),
      ]);
      if (!account) return c.json(NOT_FOUND, 404);
      const body: AccountStatusDto = {
        email: account.email,
        email_verified: account.emailVerified,
        pending_email: pendingEmail,
        has_password: Boolean(credential),
        created_at: account.createdAt.toISOString(),
        deletion_refusal: refusal && refusalBody(refusal),
      };
      return c.json(body);
    })
    .get('/export', access.member, async (c) => {
      const body = await exportAccount(db, c.get('user').id);
      if (!body) return c.json(NOT_FOUND, 404);
      // A download, never a page: and /api/me/* is already answered no-store.
      c.header('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
      return c.json(body);
    })
    .delete('/account', access.member, validate('json', deleteAccountSchema), async (c) => {
      const userId = c.get('user').id;
      const { password } = c.req.valid('json');
      const [credential] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      if (!credential?.hash) return c.json(NO_PASSWORD, 409);

      // Counted before the check, so parallel guesses cannot pass the limit (as sign-in does).
      const attempt = await countHit(db, `delete-account:${userId}`, DELETE_ATTEMPTS);
      if (attempt.count > DELETE_ATTEMPTS.max) {
        c.header('Retry-After', String(attempt.secondsLeft));
        return c.json(TOO_MANY, 429);
      }
      // Whoever holds a session is asked again who they are before the account goes.
      if (!(await verifyPassword({ hash: credential.hash, password }))) {
        return invalidInput(c, { password: ['That password is not right. Please try again.'] });
      }

      const result = await deleteAccount(db, { userId, publicUrl: config.publicUrl });
      switch (result.outcome) {
        case 'not_found':
          return c.json(NOT_FOUND, 404);
        case 'subscription_renews':
        case 'last_admin':
          return c.json(refusalBody(result), 409);
        case 'deleted': {
          // Every session row went with the account; the browser forgets its cookie too.
          const { sessionToken } = (await auth.$context).authCookies;
          deleteCookie(c, sessionToken.name, sessionToken.attributes);
          return c.body(null, 204);
        }
      }
    });
}
