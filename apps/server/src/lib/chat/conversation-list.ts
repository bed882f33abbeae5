import { sql } from 'drizzle-orm';
import {
  CONVERSATION_LIST_PAGE_SIZE,
  type ConversationCustomerDto,
  type ConversationListDto,
  type ConversationSummaryDto,
} from '@app/shared';
import type { Database } from '../../db/client';
import { chatConversations, chatMessages, profiles } from '../../db/schema';
import { containsPattern } from '../page-query';

/**
 * The admin inbox's list, computed by PostgreSQL in one statement from
 * chat_conversations: one row per conversation with its latest message and
 * unread count, kept by triggers as messages are written and read (migration
 * 0005, decision 029). A page reads its 50 rows in the list's order and joins
 * their latest messages by primary key; the counters add up the rows. No
 * step reads the messages themselves, so the time does not grow with them:
 * the inboxes that build this list from every message are what this avoids.
 */

const UNKNOWN_USER = 'Unknown User';

type ListRow = {
  customer_id: string;
  customer_name: string;
  customer_credits: number;
  unread_count: number;
  last_message: string;
  last_message_at: Date | string;
  is_last_message_from_admin: boolean;
};

type Figures = { total: number; total_customers: number; unread_messages: number; active_conversations: number };

const nameOf = sql`coalesce(nullif(btrim(p.full_name), ''), ${UNKNOWN_USER})`;
// As chat_conversations_order_idx sorts (drizzle's desc() is NULLS LAST), so the index gives the order.
const listOrder = sql`c.unread_count desc nulls last, c.last_message_at desc nulls last, c.member_id`;

export async function conversationList(
  db: Database,
  { search, page }: { search: string; page: number },
): Promise<ConversationListDto> {
  const pageSize = CONVERSATION_LIST_PAGE_SIZE;
  const matches = search ? sql`p.full_name ilike ${containsPattern(search)}` : sql`true`;
  const [list, figures] = await Promise.all([
    db.execute(sql`
      with listed as (
        select c.member_id, c.unread_count, c.last_message_id, c.last_message_at
          from ${chatConversations} c join ${profiles} p on p.id = c.member_id
         where ${matches}
         order by ${listOrder}
         limit ${pageSize}::int offset ${(page - 1) * pageSize}::int
      )
      select c.member_id as customer_id, ${nameOf} as customer_name, p.credits as customer_credits,
             c.unread_count, m.message as last_message, c.last_message_at,
             m.is_admin_message as is_last_message_from_admin
        from listed c
        join ${profiles} p on p.id = c.member_id
        join ${chatMessages} m on m.id = c.last_message_id
       order by ${listOrder}`),
    db.execute(sql`
      select
        (select count(*)::int from ${chatConversations} c join ${profiles} p on p.id = c.member_id where ${matches}) as total,
        -- Spec §2's counters: over every conversation, whatever the search.
        count(*)::int as total_customers,
        coalesce(sum(c.unread_count), 0)::int as unread_messages,
        (count(*) filter (where c.unread_count > 0))::int as active_conversations
      from ${chatConversations} c`),
  ]);
  const rows = (list as unknown as { rows: ListRow[] }).rows;
  const counts = (figures as unknown as { rows: Figures[] }).rows[0]!;
  const items: ConversationSummaryDto[] = rows.map((r) => ({
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    customer_credits: r.customer_credits,
    unread_count: r.unread_count,
    last_message: r.last_message,
    last_message_at: new Date(r.last_message_at).toISOString(),
    is_last_message_from_admin: r.is_last_message_from_admin,
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

/** The conversation pane's header: null when the member has no profile. */
export async function conversationCustomer(db: Database, memberId: string): Promise<ConversationCustomerDto | null> {
  const result = await db.execute(sql`
    select p.id as customer_id, ${nameOf} as customer_name, p.credits as customer_credits
      from ${profiles} p where p.id = ${memberId}`);
  return (result as unknown as { rows: ConversationCustomerDto[] }).rows[0] ?? null;
}
