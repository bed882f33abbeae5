import type { HookEndpointContext } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMail } from '../mail/templates';

const CHANGE_PASSWORD_PATH = '/change-password';

/** What better-auth's change-password answers: the account, among other things. */
type ChangedAccount = { user?: { id: string; email: string; name: string | null; emailVerified: boolean } };

/**
 * After a signed-in member changes their password: the account's address is
 * told, with the way back (a reset, from that mailbox). A reset by mailed link
 * is told from `onPasswordReset` (auth.ts).
 */
export async function afterPasswordChanged(
  ctx: HookEndpointContext,
  { mailer, publicUrl }: { mailer: Mailer; publicUrl: string },
): Promise<void> {
  if (ctx.path !== CHANGE_PASSWORD_PATH || isAPIError(ctx.context.returned)) return;
  const user = (ctx.context.returned as ChangedAccount | undefined)?.user;
  if (!user) return;
  await mailer.send({ ...passwordChangedMail(user, `${publicUrl}/auth?reset`), userId: user.id });
}
