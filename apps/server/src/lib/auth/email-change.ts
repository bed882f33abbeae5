import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { GenericEndpointContext, HookEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { and, eq, gt, gte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, emailChangeUndos, pendingEmailChanges, sessions, users, verifications } from '../../db/schema';
import { recordAudit } from '../accounts/audit';
import { forgetPasswordAndSessions } from '../accounts/account-writes';
import { callbackLink, readEmailLinkToken } from './callback-links';
import { emailChangedMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { verifyPassword } from './passwords';
import { countHit } from '../rate-limit-counters';
import { CHANGE_EMAIL_PATH } from '../account-rights/pending-email';
import { VERIFY_EMAIL_PATH } from './sign-up-proof';

/**
 * Moving an account to another address (decision 046). better-auth mails a
 * link to the new address and changes the address when it is followed; around
 * that, a stolen session must not be enough to move the account for good:
 *
 * - asking needs the current password (checked here, wrong ones counted);
 * - only the latest request's link works, and none after an undo;
 * - when the address changes, every other session ends, and the old address
 *   gets a notice whose link puts it back for UNDO_DAYS;
 * - undoing restores the old address, ends every session, forgets the
 *   password (the one who moved the account knew it) and opens "Set a new
 *   password" with a fresh reset link.
 */

export const UNDO_DAYS = 7;
const UNDO_MS = UNDO_DAYS * 24 * 60 * 60 * 1000;
/** Wrong current passwords allowed per account in the window, as for deleting an account. */
const PASSWORD_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 };
/** How long the reset link handed out by an undo works, as a mailed one does. */
const RESET_SECONDS = 3600;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** hooks.before of /change-email: the current password, or no change. */
export async function requireCurrentPassword(ctx: HookEndpointContext, db: Database): Promise<void> {
  if (ctx.path !== CHANGE_EMAIL_PATH) return;
  const session = await getSessionFromCtx(ctx as GenericEndpointContext, { disableRefresh: true });
  if (!session) return; // better-auth answers 401 next
  const password = (ctx.body as { currentPassword?: unknown } | undefined)?.currentPassword;
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, session.user.id), eq(accounts.providerId, 'credential')));
  if (!credential?.hash) {
    throw new APIError('BAD_REQUEST', {
      message:
        'Your account has no password yet: you sign in with Google. Choose one with “Forgot password?” on the sign-in page, then come back to change your email.',
      code: 'no_password',
    });
  }
  // Counted before the check, so parallel guesses cannot pass the limit.
  const attempt = await countHit(db, `change-email:${session.user.id}`, PASSWORD_ATTEMPTS);
  if (attempt.count > PASSWORD_ATTEMPTS.max) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      {
        message: 'Too many attempts with a wrong password. Please wait 15 minutes and try again.',
        code: 'too_many_attempts',
      },
      { 'Retry-After': String(attempt.secondsLeft) },
    );
  }
  if (typeof password !== 'string' || !(await verifyPassword({ hash: credential.hash, password }))) {
    throw new APIError('BAD_REQUEST', {
      message: 'That password is not right. Please try again.',
      code: 'INVALID_PASSWORD',
      fieldErrors: { currentPassword: ['That password is not right. Please try again.'] },
    });
  }
}

/** The email-change claims of a verify-email request's token, when it carries one. */
async function emailChangeClaims(ctx: HookEndpointContext) {
  if (ctx.path !== VERIFY_EMAIL_PATH) return null;
  const token = (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return null;
  const claims = await readEmailLinkToken(token, ctx.context.secret);
  if (!claims?.updateTo || !claims.userId) return null;
  return { ...claims, updateTo: claims.updateTo, userId: claims.userId };
}

/**
 * hooks.before of /verify-email: an email-change link works only while it is
 * the account's latest request (pending_email_changes), so a link kept from
 * before an undo, or from an earlier request, cannot move the account again.
 */
export async function requireLatestEmailChange(ctx: HookEndpointContext, db: Database): Promise<void> {
  const claims = await emailChangeClaims(ctx);
  if (!claims) return;
  const [pending] = await db
    .select({ newEmail: pendingEmailChanges.newEmail })
    .from(pendingEmailChanges)
    .where(and(eq(pendingEmailChanges.userId, claims.userId), gt(pendingEmailChanges.expiresAt, new Date())));
  if (claims.requestType !== 'change-email-verification' || pending?.newEmail !== claims.updateTo.toLowerCase()) {
    throw new APIError('BAD_REQUEST', {
      message: 'This link is no longer valid: a newer request replaced it, or the change was undone.',
      code: 'INVALID_TOKEN',
    });
  }
}

/**
 * hooks.after of /verify-email: once an email change has gone through, every
 * other session of the account ends and the old address gets its notice and
 * its way back.
 */
export async function afterEmailChanged(
  ctx: HookEndpointContext,
  { db, mailer, publicUrl }: { db: Database; mailer: Mailer; publicUrl: string },
): Promise<void> {
  if (isAPIError(ctx.context.returned)) return;
  const claims = await emailChangeClaims(ctx);
  if (!claims) return;
  const [account] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!account || account.email !== claims.updateTo.toLowerCase()) return;

  // The browser that confirmed keeps its session if it is this account's; every other one ends.
  const current = await getSessionFromCtx(ctx as GenericEndpointContext, { disableRefresh: true });
  const keep = current?.user.id === account.id ? current.session.token : null;
  await db.delete(sessions).where(and(eq(sessions.userId, account.id), ...(keep ? [ne(sessions.token, keep)] : [])));
  await db.delete(pendingEmailChanges).where(eq(pendingEmailChanges.userId, account.id));

  const token = randomBytes(32).toString('base64url');
  await db.insert(emailChangeUndos).values({
    tokenHash: hashToken(token),
    userId: account.id,
    oldEmail: claims.email.toLowerCase(),
    newEmail: account.email,
    expiresAt: new Date(Date.now() + UNDO_MS),
  });
  // Kept in the account's history (the member's data export lists it).
  await recordAudit(db, {
    actorId: account.id,
    action: 'account.email_changed',
    targetUserId: account.id,
    details: { before: claims.email.toLowerCase(), after: account.email },
  });
  // The old address was this account's, proven: its owner is greeted by the account's name.
  const oldOwner = { email: claims.email.toLowerCase(), name: account.name, emailVerified: true };
  await mailer.send(
    emailChangedMail(oldOwner, account.email, UNDO_DAYS, callbackLink(publicUrl, 'email_change_undo', token)),
  );
}

export type UndoOutcome =
  { outcome: 'undone'; email: string; resetToken: string } | { outcome: 'unusable' } | { outcome: 'address_taken' };

/**
 * The old address's way back. Restores it (proven: the link was mailed to it),
 * ends every session, forgets the password and hands out a reset link. Undo
 * links of this change and of any later one end with it; an earlier change's
 * link stays, so whoever moved the account on cannot spend the owner's undo.
 */
export async function undoEmailChange(db: Database, token: string): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [undo] = await tx
      .select()
      .from(emailChangeUndos)
      .where(and(eq(emailChangeUndos.tokenHash, hashToken(token)), gt(emailChangeUndos.expiresAt, new Date())))
      .for('update');
    if (!undo) return { outcome: 'unusable' };
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, undo.oldEmail), ne(users.id, undo.userId)));
    if (holder) return { outcome: 'address_taken' };

    await tx
      .update(users)
      .set({ email: undo.oldEmail, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, undo.userId));
    await forgetPasswordAndSessions(tx, undo.userId);
    await tx
      .delete(emailChangeUndos)
      .where(and(eq(emailChangeUndos.userId, undo.userId), gte(emailChangeUndos.createdAt, undo.createdAt)));
    await tx.delete(pendingEmailChanges).where(eq(pendingEmailChanges.userId, undo.userId));
    // As better-auth's own reset links are stored (the check and reset endpoints read them).
    const resetToken = randomBytes(18).toString('base64url');
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: `reset-password:${resetToken}`,
      value: undo.userId,
      expiresAt: new Date(Date.now() + RESET_SECONDS * 1000),
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'account.email_change_undone',
      targetUserId: undo.userId,
      details: { before: undo.newEmail, after: undo.oldEmail },
    });
    return { outcome: 'undone', email: undo.oldEmail, resetToken };
  });
}
