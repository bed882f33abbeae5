import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chatMessages,
  conversations,
  notificationSettings,
  replyMailLog,
  users,
  whatsappContacts,
} from '../../db/schema';
import { enqueueMail } from '../mail/mail-delivery';
import { replyWaitingMail } from '../mail/templates';
import { unsubscribeToken } from '../programme/channels/unsubscribe-token';

export interface ReplyWaitingDeps {
  db: Database;
  publicUrl: string;
  /** Signs the one-click unsubscribe (the programme's unsubscribe links' secret). */
  unsubscribeSecret: string;
  /** A reply unseen this long is mailed about. */
  delayMs: number;
  /** At most one mail per conversation in this span. */
  windowMs: number;
}

/** How far back an unseen reply is still worth a mail: older ones were there before this pass could see them. */
const LOOKBACK_MS = 24 * 60 * 60_000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The reply-waiting mail (decision 063): a member who has not seen a reply
 * (a coach's or the AI coach's answer, not a programme message, which has
 * its own nudge) within the delay is mailed "You have a reply from your
 * coach", without its words. Not to a member who turned these mails off, has
 * no proven address, or has WhatsApp linked (the reply reached them there,
 * the rule of the programme's nudge); at most once per conversation per
 * window, and only for a reply newer than the ones the last mail was about.
 */
async function candidates(deps: ReplyWaitingDeps, now: Date) {
  const dueBy = new Date(now.getTime() - deps.delayMs);
  const since = new Date(dueBy.getTime() - LOOKBACK_MS);
  const windowStart = new Date(now.getTime() - deps.windowMs);
  return deps.db
    .select({
      conversationId: conversations.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      newest: sql<string>`max(${chatMessages.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(chatMessages)
    .innerJoin(conversations, sql`${conversations.id} = ${chatMessages.conversationId}`)
    .innerJoin(users, sql`${users.id} = ${conversations.memberId}`)
    .leftJoin(notificationSettings, sql`${notificationSettings.userId} = ${users.id}`)
    .leftJoin(replyMailLog, sql`${replyMailLog.conversationId} = ${conversations.id}`)
    .where(
      sql`${chatMessages.createdAt} > ${at(since)} and ${chatMessages.createdAt} <= ${at(dueBy)}
        and ${chatMessages.authorKind} in ('coach', 'automation') and ${chatMessages.programme} is null
        and ${chatMessages.readAt} is null
        and ${users.emailVerified} and coalesce(${notificationSettings.replyMails}, true)
        and not exists (select 1 from ${whatsappContacts} w where w.member_id = ${users.id})
        and (${replyMailLog.lastSentAt} is null
          or (${replyMailLog.lastSentAt} <= ${at(windowStart)} and ${chatMessages.createdAt} > ${replyMailLog.coveredThrough}))`,
    )
    .groupBy(conversations.id, users.id);
}

/** One pass at `now`; answers how many mails it queued. */
export async function runReplyWaitingPass(deps: ReplyWaitingDeps, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - deps.windowMs);
  let queued = 0;
  for (const row of await candidates(deps, now)) {
    const sent = await deps.db.transaction(async (tx) => {
      // The claim: one statement, so of two instances' passes only one finds the window open.
      const [claimed] = await tx
        .insert(replyMailLog)
        .values({ conversationId: row.conversationId, lastSentAt: now, coveredThrough: row.newest })
        .onConflictDoUpdate({
          target: replyMailLog.conversationId,
          set: { lastSentAt: now, coveredThrough: row.newest },
          setWhere: sql`${replyMailLog.lastSentAt} <= ${at(windowStart)} and ${replyMailLog.coveredThrough} < ${at(row.newest)}`,
        })
        .returning({ id: replyMailLog.conversationId });
      if (!claimed) return false;
      const unsubscribeUrl = `${deps.publicUrl}/api/programme/unsubscribe?token=${unsubscribeToken(deps.unsubscribeSecret, row.userId, 'reply_mails')}`;
      await enqueueMail(tx, {
        ...replyWaitingMail(row, `${deps.publicUrl}/dashboard`, unsubscribeUrl),
        userId: row.userId,
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
