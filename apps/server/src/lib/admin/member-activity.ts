import { sql, type SQL } from 'drizzle-orm';
import type { AdminActivityFilter } from '@app/shared';
import { chatMessages, profiles, userReflections } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * A member's last activity (decision 060): the newest of the messages they wrote
 * and their reflections, null when neither exists. Each side is one index probe
 * (chat_messages_sender_created_idx, user_reflections_user_created_idx).
 */
export const lastActivitySql = (memberId: SQL | typeof profiles.id = profiles.id) => sql<Date | string | null>`greatest(
  (select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.senderId} = ${memberId}),
  (select max(${userReflections.createdAt}) from ${userReflections} where ${userReflections.userId} = ${memberId})
)`;

/** The users list's last-activity filter: within 7 days, within 30, or none in 30 days (or never). */
export function activityFilterSql(filter: AdminActivityFilter, now = new Date()): SQL {
  const last = lastActivitySql();
  if (filter === 'dormant') {
    return sql`coalesce(${last} < ${daysBefore(now, 30)}::timestamptz, true)`;
  }
  const days = filter === 'week' ? 7 : 30;
  return sql`${last} >= ${daysBefore(now, days)}::timestamptz`;
}

/** A timestamp read by raw SQL: a Date on PGlite, a string on node-postgres. */
export const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
