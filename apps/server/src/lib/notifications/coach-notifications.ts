import { sql } from 'drizzle-orm';
import type { CoachNotificationsDto } from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages, conversations } from '../../db/schema';
import { coachesToNotify } from './coaches-to-notify';

// Spelled out: a one-table select names its columns unqualified, which a subquery would read as its own.
const outerConversationId = sql.raw('"conversations"."id"');

/**
 * What waits for one coach (decision 063): the member messages no coach has
 * read, in the conversations they are told about. The inbox's own summary
 * columns (kept by triggers, migration 0012) give the counts; the newest
 * unread message's time tells the browser whether something new came.
 */
export async function coachNotifications(db: Database, coachId: string): Promise<CoachNotificationsDto> {
  const [row] = await db
    .select({
      unreadConversations: sql<number>`count(*)::int`,
      unreadMessages: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int`,
      urgentConversations: sql<number>`count(*) filter (where ${conversations.urgentSince} is not null)::int`,
      latestAt: sql<string | null>`max((
        select max(m.created_at) from ${chatMessages} m
        where m.conversation_id = ${outerConversationId} and m.author_kind = 'member' and m.read_at is null
      ))`,
    })
    .from(conversations)
    .where(sql`${conversations.unreadCount} > 0 and ${coachesToNotify(coachId)}`);
  return {
    unread_conversations: row?.unreadConversations ?? 0,
    unread_messages: row?.unreadMessages ?? 0,
    urgent_conversations: row?.urgentConversations ?? 0,
    latest_at: row?.latestAt ? new Date(row.latestAt).toISOString() : null,
  };
}
