import type { GenericEndpointContext, HookEndpointContext } from 'better-auth';
import { getSessionFromCtx, isAPIError } from 'better-auth/api';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pendingEmailChanges, users } from '../../db/schema';

export const CHANGE_EMAIL_PATH = '/change-email';

/**
 * hooks.after for /change-email: remembers the address a confirmation link was
 * sent to, for as long as the link lives (`linkSeconds`, better-auth's
 * emailVerification.expiresIn). Recorded also when better-auth answered
 * "sent" for an address another account holds (it mails nothing then): the
 * profile must answer alike, or it would tell who is a member (decision 009).
 */
export async function recordPendingEmailChange(db: Database, ctx: HookEndpointContext, linkSeconds: number) {
  if (ctx.path !== CHANGE_EMAIL_PATH || isAPIError(ctx.context.returned)) return;
  const newEmail = (ctx.body as { newEmail?: unknown } | undefined)?.newEmail;
  if (typeof newEmail !== 'string') return;
  const session = await getSessionFromCtx(ctx as GenericEndpointContext, { disableRefresh: true });
  if (!session) return;
  const row = {
    newEmail: newEmail.toLowerCase(),
    expiresAt: new Date(Date.now() + linkSeconds * 1000),
    requestedAt: new Date(),
  };
  await db
    .insert(pendingEmailChanges)
    .values({ userId: session.user.id, ...row })
    .onConflictDoUpdate({ target: pendingEmailChanges.userId, set: row });
}

/** The address waiting for confirmation: not yet the account's own, and its link still valid. */
export async function pendingEmailOf(db: Database, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: pendingEmailChanges.newEmail })
    .from(pendingEmailChanges)
    .innerJoin(users, eq(users.id, pendingEmailChanges.userId))
    .where(
      and(
        eq(pendingEmailChanges.userId, userId),
        ne(pendingEmailChanges.newEmail, users.email),
        gt(pendingEmailChanges.expiresAt, now),
      ),
    );
  return row?.newEmail ?? null;
}
