import { desc, eq, or, sql } from 'drizzle-orm';
import {
  ACTIVITY_WINDOW_DAYS,
  CREDITS_BASELINE,
  LIST_LIMIT,
  type ActivityDayDto,
  type ChatMessageSummaryDto,
  type ProfileAnalyticsDto,
} from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages, checkins, profiles, userReflections } from '../../db/schema';
import { reflectionsOf } from '../../lib/content/reflections';
import { inMembersConversation } from '../../lib/chat/conversations';

interface FiguresRow {
  total_reflections: number;
  total_messages: number;
  total_credits: number;
  credits_used: number;
  active_days: number;
  streak_days: number;
  activity: ActivityDayDto[] | string;
}

/**
 * Profile analytics (docs/product.md#reflections-and-prompts), computed by the
 * database. Days are UTC dates; "today" is the UTC date of `now`.
 *
 * - total_reflections: all of the member's reflections.
 * - total_messages: messages the member sent (sender is them, not an admin message).
 * - total_credits: the profile's credits; credits_used: CREDITS_BASELINE − credits, floored at 0.
 * - activity: ACTIVITY_WINDOW_DAYS entries, oldest first and ending today, each with the
 *   member's reflections, own messages and check-ins that day (a check-in answered by a
 *   message, a number written in the chat, is that message, so it is not counted twice).
 * - active_days: days of that window with any activity (a reflection, an own message or a
 *   check-in), the same activity the streak and the chart count, so the figures beside each
 *   other agree (a streak of 1 day is never shown beside 0 active days).
 * - streak_days: the run of consecutive days with any activity (a reflection, an own
 *   message or a check-in) that ends today, or ends yesterday while today has none yet; 0 otherwise.
 *   Found with gaps and islands: consecutive dates minus their rank share one value.
 * - recent_reflections / recent_messages: LIST_LIMIT newest; messages where the member is
 *   the sender or the recipient (coach replies included).
 *
 * Three queries, run side by side: the figures, recent reflections, recent messages.
 */
export async function profileAnalyticsOf(db: Database, userId: string, now: Date): Promise<ProfileAnalyticsDto> {
  const [figures, recentReflections, recentMessages] = await Promise.all([
    db.execute(figuresQuery(userId, now)),
    reflectionsOf(db, userId, LIST_LIMIT),
    recentMessagesOf(db, userId),
  ]);
  const row = (figures as unknown as { rows: FiguresRow[] }).rows[0]!;
  // PGlite and node-postgres both parse json columns; a driver that does not hands back text.
  const activity = typeof row.activity === 'string' ? (JSON.parse(row.activity) as ActivityDayDto[]) : row.activity;
  return {
    total_reflections: row.total_reflections,
    total_messages: row.total_messages,
    credits_used: row.credits_used,
    total_credits: row.total_credits,
    streak_days: row.streak_days,
    active_days: row.active_days,
    activity,
    recent_reflections: recentReflections,
    recent_messages: recentMessages,
  };
}

function figuresQuery(userId: string, now: Date) {
  const dayOf = (column: unknown) => sql`(${column} at time zone 'UTC')::date`;
  return sql`
    with
      bounds as (select (${now.toISOString()}::timestamptz at time zone 'UTC')::date as today),
      reflection_days as (
        select ${dayOf(userReflections.createdAt)} as day from ${userReflections}
        where ${userReflections.userId} = ${userId}
      ),
      message_days as (
        select ${dayOf(chatMessages.createdAt)} as day from ${chatMessages}
        where ${chatMessages.senderId} = ${userId} and ${chatMessages.authorKind} = 'member'
      ),
      -- A check-in answered by a message (a number written in the chat) is counted as that message, not twice.
      checkin_days as (
        select ${dayOf(checkins.createdAt)} as day from ${checkins}
        where ${checkins.userId} = ${userId} and not ${checkins.answeredByMessage}
      ),
      series as (
        select w.day, coalesce(r.n, 0)::int as reflections, coalesce(m.n, 0)::int as messages,
          coalesce(k.n, 0)::int as checkins
        from (
          select bounds.today - g.n as day from bounds, generate_series(0, ${ACTIVITY_WINDOW_DAYS - 1}::int) as g(n)
        ) w
        left join (select day, count(*) as n from reflection_days group by day) r on r.day = w.day
        left join (select day, count(*) as n from message_days group by day) m on m.day = w.day
        left join (select day, count(*) as n from checkin_days group by day) k on k.day = w.day
      ),
      active_dates as (
        select day from reflection_days union select day from message_days union select day from checkin_days
      ),
      islands as (
        select a.day, a.day - (row_number() over (order by a.day))::int as island
        from active_dates a, bounds where a.day <= bounds.today
      ),
      latest as (select day, island from islands order by day desc limit 1)
    select
      (select count(*) from reflection_days)::int as total_reflections,
      (select count(*) from message_days)::int as total_messages,
      coalesce((select ${profiles.credits} from ${profiles} where ${profiles.id} = ${userId}), 0) as total_credits,
      greatest(0, ${CREDITS_BASELINE}::int - coalesce((
        select ${profiles.credits} from ${profiles} where ${profiles.id} = ${userId}
      ), ${CREDITS_BASELINE}::int))::int as credits_used,
      (select count(*) from series where reflections > 0 or messages > 0 or checkins > 0)::int as active_days,
      (
        select count(*) from islands, latest, bounds
        where islands.island = latest.island and latest.day >= bounds.today - 1
      )::int as streak_days,
      (
        select json_agg(
          json_build_object(
            'date', to_char(day, 'YYYY-MM-DD'), 'reflections', reflections, 'messages', messages, 'checkins', checkins
          )
          order by day
        ) from series
      ) as activity
  `;
}

async function recentMessagesOf(db: Database, userId: string): Promise<ChatMessageSummaryDto[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      createdAt: chatMessages.createdAt,
      message: chatMessages.message,
      authorKind: chatMessages.authorKind,
    })
    .from(chatMessages)
    .where(or(eq(chatMessages.senderId, userId), inMembersConversation(userId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    message: r.message,
    is_admin_message: r.authorKind !== 'member',
  }));
}
