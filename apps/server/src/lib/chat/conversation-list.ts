import { sql, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_LIST_PAGE_SIZE,
  type ConversationFilter,
  type ConversationListDto,
  type ConversationSort,
  type ConversationSummaryDto,
} from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages, conversations, profiles } from '../../db/schema';
import { containsPattern } from '../http/page-query';
import { customerNameSql } from './conversations';
import { UNNAMED_COACH } from './coaches';
import { memberPlansOf } from '../billing/member-plan';

/**
 * The admin inbox's list, computed by PostgreSQL in one statement from
 * conversations: one row per conversation with its latest message and unread
 * count, kept by triggers as messages are written and read (migration 0012,
 * decisions 029 and 052). A page reads its 50 rows in the list's order and
 * joins their latest messages by primary key; the counters add up the rows.
 * No step reads the messages themselves, so the time does not grow with them:
 * the inboxes that build this list from every message are what this avoids.
 * A conversation with no message yet is not listed.
 */

type ListRow = {
  conversation_id: string;
  customer_id: string | null;
  customer_name: string;
  customer_credits: number | null;
  unread_count: number;
  last_message: string;
  last_message_at: Date | string;
  is_last_message_from_admin: boolean;
  last_message_author: ConversationSummaryDto['last_message_author'];
  last_coach_id: string | null;
  last_coach_name: string | null;
  coach_state: ConversationSummaryDto['coach_state'];
  urgent_since: Date | string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  waiting_since: Date | string | null;
};

type Figures = { total: number; total_customers: number; unread_messages: number; active_conversations: number };

// As conversations_inbox_order_idx sorts (drizzle's desc() is NULLS LAST), so the index gives the order:
// a conversation in crisis first (decision 057), then by unread count and latest message.
// "Waiting longest" (decision 061) as conversations_waiting_order_idx sorts: crisis first, then the
// longest wait (asc() is NULLS LAST: nobody waiting comes after), then the latest message.
// With Mine or Unassigned the assignee is one value, and the *_assignee_* indexes give the same orders.
const listOrders: Record<ConversationSort, SQL> = {
  unread: sql`(c.urgent_since is not null) desc, c.unread_count desc nulls last, c.last_message_at desc nulls last, c.id`,
  waiting: sql`(c.urgent_since is not null) desc, c.waiting_since asc nulls last, c.last_message_at desc nulls last, c.id`,
};
const listed = sql`c.last_message_id is not null`;

function assigneeFilter(filter: ConversationFilter, viewerId: string): SQL {
  if (filter === 'mine') return sql`c.assigned_coach_id = ${viewerId}`;
  if (filter === 'unassigned') return sql`c.assigned_coach_id is null`;
  return sql`true`;
}

export type ConversationListQuery = {
  search: string;
  page: number;
  filter: ConversationFilter;
  sort: ConversationSort;
  /** The admin asking: whose conversations are "Mine". */
  viewerId: string;
};

export async function conversationList(
  db: Database,
  { search, page, filter, sort, viewerId }: ConversationListQuery,
): Promise<ConversationListDto> {
  const pageSize = CONVERSATION_LIST_PAGE_SIZE;
  const listOrder = listOrders[sort];
  const named = search ? sql`${customerNameSql} ilike ${containsPattern(search)}` : sql`true`;
  const matches = sql`${named} and ${assigneeFilter(filter, viewerId)}`;
  const [list, figures] = await Promise.all([
    db.execute(sql`
      with page as (
        select c.id, c.member_id, c.contact_name, c.unread_count, c.last_message_id, c.last_message_at,
               c.automation_state, c.urgent_since, c.assigned_coach_id, c.waiting_since
          from ${conversations} c left join ${profiles} p on p.id = c.member_id
         where ${listed} and ${matches}
         order by ${listOrder}
         limit ${pageSize}::int offset ${(page - 1) * pageSize}::int
      )
      select c.id as conversation_id, c.member_id as customer_id, ${customerNameSql} as customer_name,
             p.credits as customer_credits, c.unread_count, m.message as last_message, c.last_message_at,
             m.author_kind <> 'member' as is_last_message_from_admin, m.author_kind as last_message_author,
             lp.id as last_coach_id, coalesce(nullif(btrim(lp.full_name), ''), ${UNNAMED_COACH}) as last_coach_name,
             c.automation_state as coach_state, c.urgent_since, c.waiting_since,
             c.assigned_coach_id as assignee_id, coalesce(nullif(btrim(ap.full_name), ''), ${UNNAMED_COACH}) as assignee_name
        from page c
        left join ${profiles} p on p.id = c.member_id
        left join ${profiles} ap on ap.id = c.assigned_coach_id
        join ${chatMessages} m on m.id = c.last_message_id
        left join ${profiles} lp on lp.id = m.sender_id and m.author_kind = 'coach'
       order by ${listOrder}`),
    db.execute(sql`
      select
        (select count(*)::int from ${conversations} c left join ${profiles} p on p.id = c.member_id
          where ${listed} and ${matches}) as total,
        -- The screen's counters (docs/product.md#messages): over every conversation, whatever the search.
        count(*)::int as total_customers,
        coalesce(sum(c.unread_count), 0)::int as unread_messages,
        (count(*) filter (where c.unread_count > 0))::int as active_conversations
      from ${conversations} c where ${listed}`),
  ]);
  const rows = (list as unknown as { rows: ListRow[] }).rows;
  const counts = (figures as unknown as { rows: Figures[] }).rows[0]!;
  // One answer for the plan every screen shows (decision 065), for the page's members at once.
  const plans = await memberPlansOf(
    db,
    rows.flatMap((r) => (r.customer_id ? [r.customer_id] : [])),
  );
  const items: ConversationSummaryDto[] = rows.map((r) => ({
    conversation_id: r.conversation_id,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    customer_credits: r.customer_credits,
    customer_plan: (r.customer_id && plans.get(r.customer_id)?.name) || null,
    unread_count: r.unread_count,
    last_message: r.last_message,
    last_message_at: new Date(r.last_message_at).toISOString(),
    is_last_message_from_admin: r.is_last_message_from_admin,
    last_message_author: r.last_message_author,
    last_message_coach: r.last_coach_id ? { id: r.last_coach_id, name: r.last_coach_name ?? UNNAMED_COACH } : null,
    coach_state: r.coach_state,
    urgent_since: r.urgent_since ? new Date(r.urgent_since).toISOString() : null,
    assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name ?? UNNAMED_COACH } : null,
    waiting_since: r.waiting_since ? new Date(r.waiting_since).toISOString() : null,
  }));
  return {
    items,
    total: counts.total,
    page,
    page_size: pageSize,
    total_customers: counts.total_customers,
    unread_messages: counts.unread_messages,
    active_conversations: counts.active_conversations,
  };
}
