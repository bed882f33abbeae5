import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { userRoles, users } from '../../db/schema';
import type { DeliveryWriter } from '../chat/post-message';
import { enqueueMail } from '../mail/mail-delivery';
import { coachAlertMail, type CoachAlertReason } from '../mail/templates';
import type { RealtimeHub } from '../realtime/hub';
import { automationStateOf, publishState } from './conversation-state';

/**
 * Tells the team a conversation needs a person (decision 057): a mail to
 * every admin, queued in the caller's transaction (the outbox's mail topic:
 * it survives a restart), straight to the outbox rather than through the
 * mailer's per-address limit, because an alert about a member in crisis is
 * never dropped. The live side is the `automation` event (see
 * publishTeamAlert), which the inbox answers by refetching: a crisis is
 * listed first.
 */
export function alertMailsTo(reason: CoachAlertReason, inboxUrl: string): DeliveryWriter {
  return (tx) => queueAlertMails(tx, reason, inboxUrl);
}

async function queueAlertMails(db: Database | Tx, reason: CoachAlertReason, inboxUrl: string): Promise<void> {
  for (const admin of await adminRecipients(db)) {
    await enqueueMail(db, { ...coachAlertMail(admin, reason, inboxUrl), userId: admin.id });
  }
}

/** The live half of the alert: every inbox open now hears the conversation's state. */
export async function publishTeamAlert(
  deps: { db: Database; realtime: Pick<RealtimeHub, 'publish'> },
  conversationId: string,
): Promise<void> {
  const state = await automationStateOf(deps.db, conversationId);
  if (state) await publishState(deps, conversationId, state);
}

/** Both halves at once, outside any message (a flag for review). */
export async function alertTeam(
  deps: { db: Database; realtime: Pick<RealtimeHub, 'publish'>; inboxUrl: string },
  conversationId: string,
  reason: CoachAlertReason,
): Promise<void> {
  await queueAlertMails(deps.db, reason, deps.inboxUrl);
  await publishTeamAlert(deps, conversationId);
}

async function adminRecipients(db: Database | Tx) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, 'admin'));
}
