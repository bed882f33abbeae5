import type { HookEndpointContext } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import type { Database } from '../../db/client';
import { recordAudit } from '../accounts/audit';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMail } from '../mail/templates';

const CHANGE_PASSWORD_PATH = '/change-password';

/** What better-auth's change-password answers: the account, among other things. */
type ChangedAccount = { user?: Account };

type NoticeDeps = { db: Database; mailer: Mailer; publicUrl: string };
type Account = { id: string; email: string; name: string | null; emailVerified: boolean };

/**
 * After a signed-in member changes their password: the account's address is
 * told, with the way back (a reset, from that mailbox), and the change is kept
 * in the account's history (the member's data export lists it).
 */
export async function afterPasswordChanged(ctx: HookEndpointContext, deps: NoticeDeps): Promise<void> {
  if (ctx.path !== CHANGE_PASSWORD_PATH || isAPIError(ctx.context.returned)) return;
  const user = (ctx.context.returned as ChangedAccount | undefined)?.user;
  if (user) await tellOfNewPassword(deps, user, 'account.password_changed');
}

/** After a reset by mailed link (better-auth's onPasswordReset): the same notice and record. */
export const afterPasswordReset = (deps: NoticeDeps, user: Account) =>
  tellOfNewPassword(deps, user, 'account.password_reset');

async function tellOfNewPassword(
  { db, mailer, publicUrl }: NoticeDeps,
  user: Account,
  action: 'account.password_changed' | 'account.password_reset',
): Promise<void> {
  await recordAudit(db, { actorId: user.id, action, targetUserId: user.id });
  await mailer.send({ ...passwordChangedMail(user, `${publicUrl}/auth?reset`), userId: user.id });
}
