import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ACTIVITY_WINDOW_DAYS,
  type AdminActivityItemDto,
  type AdminOverviewDto,
  type DailyCountDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import type { Database } from '../../db/client';
import {
  chatMessages,
  checkins,
  profiles,
  programmeDeliveries,
  programmeSettings,
  userReflections,
} from '../../db/schema';
import { routeAccess } from '../../middleware/access';

/** docs/product.md#admin-back-office: recent activity capped at 20, previews of 50 characters, a 7-day window. */
const RECENT_ACTIVITY_LIMIT = 20;
const PREVIEW_LENGTH = 50;
const WEEK_DAYS = 7;
const SIGNUP_CONTENT = 'New user signed up';

interface FiguresRow {
  total_users: number;
  reflections: number;
  unread_messages: number;
  active_users: number;
  new_signups: number;
  active_programmes: number;
  checkins_asked_this_week: number;
  checkins_answered_this_week: number;
  signups_per_day: DailyCountDto[] | string;
  member_messages_per_day: DailyCountDto[] | string;
}

interface ActivityRow {
  id: string;
  type: AdminActivityItemDto['type'];
  user_name: string;
  content: string;
  created_at: Date | string;
  link_path: AdminActivityItemDto['link_path'];
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The admin overview (docs/product.md#admin-back-office):
 * the figures (the programme's among them, decision 058) and the two 30-day series in one statement, the recent
 * activity in another. Nothing is downloaded row by row.
 */
export async function adminOverviewOf(db: Database, now: Date): Promise<AdminOverviewDto> {
  const [figures, activity] = await Promise.all([db.execute(figuresQuery(now)), db.execute(activityQuery())]);
  const row = (figures as unknown as { rows: FiguresRow[] }).rows[0]!;
  const items = (activity as unknown as { rows: ActivityRow[] }).rows;
  return {
    total_users: row.total_users,
    reflections: row.reflections,
    unread_messages: row.unread_messages,
    active_users: row.active_users,
    new_signups: row.new_signups,
    active_programmes: row.active_programmes,
    checkins_asked_this_week: row.checkins_asked_this_week,
    checkins_answered_this_week: row.checkins_answered_this_week,
    recent_activity: items.map((item) => ({ ...item, created_at: new Date(item.created_at).toISOString() })),
    signups_per_day: parsed(row.signups_per_day),
    member_messages_per_day: parsed(row.member_messages_per_day),
  };
}

function figuresQuery(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const weekAgo = sql`${at} - make_interval(days => ${WEEK_DAYS}::int)`;
  const dayOf = (column: unknown) => sql`(${column} at time zone 'UTC')::date`;
  // This week began on Monday at 00:00 UTC (date_trunc's weeks start on Monday).
  const weekStart = sql`date_trunc('week', ${at} at time zone 'UTC') at time zone 'UTC'`;
  // A check-in asked this week: its due item was sent (carried into the conversation) since Monday.
  const askedThisWeek = (d: string) =>
    sql`${sql.raw(d)}.kind = 'checkin' and ${sql.raw(d)}.status = 'sent'
        and coalesce(${sql.raw(d)}.sent_at, ${sql.raw(d)}.due_at) >= ${weekStart}`;
  const perDay = (column: unknown, table: unknown, where: ReturnType<typeof sql>) => sql`(
    select json_agg(json_build_object('date', to_char(w.day, 'YYYY-MM-DD'), 'count', coalesce(n.count, 0)) order by w.day)
    from (
      select ((${at} at time zone 'UTC')::date - g.n) as day
      from generate_series(0, ${ACTIVITY_WINDOW_DAYS - 1}::int) as g(n)
    ) w
    left join (
      select ${dayOf(column)} as day, count(*)::int as count from ${table}
      where ${column} >= ((${at} at time zone 'UTC')::date - ${ACTIVITY_WINDOW_DAYS - 1}::int) at time zone 'UTC'
        and ${where}
      group by 1
    ) n on n.day = w.day
  )`;
  return sql`
    select
      (select count(*)::int from ${profiles}) as total_users,
      (select count(*)::int from ${userReflections}) as reflections,
      (select count(*)::int from ${chatMessages}
        where ${chatMessages.readAt} is null and ${chatMessages.authorKind} = 'member') as unread_messages,
      (select count(*)::int from ${profiles} where ${profiles.updatedAt} >= ${weekAgo}) as active_users,
      (select count(*)::int from ${profiles} where ${profiles.createdAt} >= ${weekAgo}) as new_signups,
      (select count(*)::int from ${programmeSettings}
        where not ${programmeSettings.paused}
          and (${programmeSettings.checkinsEnabled} or ${programmeSettings.stepRemindersEnabled}
               or ${programmeSettings.summariesEnabled})) as active_programmes,
      (select count(*)::int from ${programmeDeliveries} d where ${askedThisWeek('d')}) as checkins_asked_this_week,
      (select count(*)::int from ${checkins} c join ${programmeDeliveries} d on d.id = c.delivery_id
        where ${askedThisWeek('d')}) as checkins_answered_this_week,
      ${perDay(profiles.createdAt, profiles, sql`true`)} as signups_per_day,
      ${perDay(chatMessages.createdAt, chatMessages, sql`${chatMessages.authorKind} = 'member'`)} as member_messages_per_day
  `;
}

/** Recent Activity's three sources (docs/product.md#admin-back-office), newest 20 of each, merged newest first and cut to 20. */
function activityQuery() {
  const name = (column: unknown) => sql`coalesce(nullif(btrim(${column}), ''), 'Unknown User')`;
  const preview = (column: unknown) =>
    sql`case when char_length(${column}) > ${PREVIEW_LENGTH}::int then left(${column}, ${PREVIEW_LENGTH}::int) || '...' else ${column} end`;
  return sql`
    select * from (
      (select p.id::text as id, 'signup' as type, ${name(sql`p.full_name`)} as user_name,
              ${SIGNUP_CONTENT}::text as content, p.created_at, '/admin/users' as link_path
         from ${profiles} p order by p.created_at desc limit ${RECENT_ACTIVITY_LIMIT}::int)
      union all
      (select r.id::text, 'reflection', ${name(sql`p.full_name`)}, ${preview(sql`r.reflection_text`)},
              r.created_at, '/admin/users'
         from ${userReflections} r left join ${profiles} p on p.id = r.user_id
         order by r.created_at desc limit ${RECENT_ACTIVITY_LIMIT}::int)
      union all
      (select m.id::text, 'message', ${name(sql`p.full_name`)}, ${preview(sql`m.message`)},
              m.created_at, '/admin/messages'
         from ${chatMessages} m left join ${profiles} p on p.id = m.sender_id
         where m.author_kind = 'member'
         order by m.created_at desc limit ${RECENT_ACTIVITY_LIMIT}::int)
    ) activity
    order by created_at desc, id desc
    limit ${RECENT_ACTIVITY_LIMIT}::int
  `;
}

/** GET /api/admin/overview */
export function adminOverviewRoutes(deps: AppDeps, now: () => Date = () => new Date()) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().get('/', access.admin, async (c) => {
    const body: AdminOverviewDto = await adminOverviewOf(db, now());
    return c.json(body);
  });
}
