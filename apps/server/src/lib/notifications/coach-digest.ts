import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatMessages, coachNotificationState, conversations, userRoles, users } from '../../db/schema';
import { enqueueMail } from '../mail/mail-delivery';
import { coachDigestMail } from '../mail/templates';
import { coachesToNotify } from './coaches-to-notify';

export interface CoachDigestDeps {
  db: Database;
  /** The inbox's address, for the mail's button. */
  inboxUrl: string;
  /** At most one digest per coach in this span. */
  intervalMs: number;
  /** A coach with an admin socket open this recently is online. */
  onlineMs: number;
}

// Spelled out: a one-table select names its columns unqualified, which a subquery would read as its own.
const outerConversationId = sql.raw('"conversations"."id"');

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Presence (decision 063): a coach is online while one of their admin
 * sockets is open on any instance. Each instance's pass writes "seen now" for
 * the admins connected to it, so "seen within COACH_ONLINE_MINUTES" is true
 * across instances without asking them.
 */
export async function recordCoachPresence(db: Database, adminIds: readonly string[], now: Date): Promise<void> {
  if (!adminIds.length) return;
  await db
    .insert(coachNotificationState)
    .values(adminIds.map((userId) => ({ userId, lastSeenAt: now })))
    .onConflictDoUpdate({ target: coachNotificationState.userId, set: { lastSeenAt: now } });
}

/**
 * The coach digest (decision 063): every coach who is away, at most once per
 * interval, is mailed how many conversations (of those they are told about)
 * have member messages nobody read that came since they were last online and
 * are newer than those the last digest counted. No member's words or name. The live side while online is the
 * browser's (tab title, notifications); a crisis is mailed at once by
 * lib/coach/team-alert.ts and stays counted here too.
 */
export async function runCoachDigestPass(deps: CoachDigestDeps, now: Date): Promise<number> {
  const { db } = deps;
  const onlineSince = new Date(now.getTime() - deps.onlineMs);
  const intervalStart = new Date(now.getTime() - deps.intervalMs);
  const coaches = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      lastSeenAt: coachNotificationState.lastSeenAt,
      lastDigestAt: coachNotificationState.lastDigestAt,
      coveredThrough: coachNotificationState.digestCoveredThrough,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(coachNotificationState, eq(coachNotificationState.userId, users.id))
    .where(
      sql`${userRoles.role} = 'admin' and ${users.emailVerified}
        and (${coachNotificationState.lastSeenAt} is null or ${coachNotificationState.lastSeenAt} < ${at(onlineSince)})
        and (${coachNotificationState.lastDigestAt} is null or ${coachNotificationState.lastDigestAt} <= ${at(intervalStart)})`,
    );
  let queued = 0;
  for (const coach of coaches) {
    // New to this coach: after they were last online and after what their last digest counted.
    const since = [coach.lastSeenAt, coach.coveredThrough].reduce<Date>(
      (latest, d) => (d && d > latest ? d : latest),
      new Date(0),
    );
    const newest = sql`(
      select max(m.created_at) from ${chatMessages} m
      where m.conversation_id = ${outerConversationId} and m.author_kind = 'member' and m.read_at is null
        and m.created_at > ${at(since)})`;
    const [waiting] = await db
      .select({
        conversations: sql<number>`count(*)::int`,
        newest: sql<string | null>`max(${newest})`,
      })
      .from(conversations)
      .where(sql`${conversations.unreadCount} > 0 and ${coachesToNotify(coach.id)} and ${newest} is not null`);
    if (!waiting?.conversations || !waiting.newest) continue;
    const coveredThrough = new Date(waiting.newest);
    const sent = await db.transaction(async (tx) => {
      // The claim: of two instances' passes, one finds the interval over.
      const [claimed] = await tx
        .insert(coachNotificationState)
        .values({ userId: coach.id, lastDigestAt: now, digestCoveredThrough: coveredThrough })
        .onConflictDoUpdate({
          target: coachNotificationState.userId,
          set: { lastDigestAt: now, digestCoveredThrough: coveredThrough },
          setWhere: sql`${coachNotificationState.lastDigestAt} is null or ${coachNotificationState.lastDigestAt} <= ${at(intervalStart)}`,
        })
        .returning({ id: coachNotificationState.userId });
      if (!claimed) return false;
      await enqueueMail(tx, { ...coachDigestMail(coach, waiting.conversations, deps.inboxUrl), userId: coach.id });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
