import { sql } from 'drizzle-orm';
import {
  CONVERSATION_LIST_PAGE_SIZE,
  type ConversationCustomerDto,
  type ConversationListDto,
  type ConversationSummaryDto,
} from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages, profiles } from '../../db/schema';
import { containsPattern } from '../page-query';

/**
 * The admin inbox's list, computed by PostgreSQL in one statement: for every
 * member with a conversation, its latest message (one probe of
 * chat_messages_member_created_idx) and its unread count (the partial
 * chat_messages_unread_idx, which holds unread member messages only). The
 * cost grows with the number of members, not of messages: the inboxes that
 * load every message to build this list are what decision 029 avoids.
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
  total: number;
};

type CountersRow = { total_customers: number; unread_messages: number; active_conversations: number };

const nameOf = sql`coalesce(nullif(btrim(p.full_name), ''), ${UNKNOWN_USER})`;

/** One conversation per member that has one; `search` matches the name, case-insensitively. */
function conversationsCte(search: string) {
  const matches = search ? sql`and p.full_name ilike ${containsPattern(search)}` : sql``;
  return sql`
    conversations as (
      select p.id as customer_id, ${nameOf} as customer_name, p.credits as customer_credits,
             last.message as last_message, last.created_at as last_message_at,
             last.is_admin_message as is_last_message_from_admin,
             (select count(*)::int from ${chatMessages} u
               where u.sender_id = p.id and u.read_at is null and u.is_admin_message = false) as unread_count
        from ${profiles} p
        cross join lateral (
          select m.message, m.created_at, m.is_admin_message from ${chatMessages} m
           where m.member_id = p.id
           order by m.created_at desc, m.id desc
           limit 1
        ) last
       where true ${matches}
    )`;
}

export async function conversationList(
  db: Database,
  { search, page }: { search: string; page: number },
): Promise<ConversationListDto> {
  const pageSize = CONVERSATION_LIST_PAGE_SIZE;
  const [list, counters] = await Promise.all([
    db.execute(sql`
      with ${conversationsCte(search)}
      select *, count(*) over ()::int as total from conversations
       order by unread_count desc, last_message_at desc, customer_id
       limit ${pageSize}::int offset ${(page - 1) * pageSize}::int`),
    // Over every conversation, whatever the search (spec §2's counters).
    db.execute(sql`
      select
        -- One index probe per member, as the list does, rather than a pass over every message.
        (select count(*)::int from ${profiles} p
          where exists (select 1 from ${chatMessages} m where m.member_id = p.id)) as total_customers,
        (select count(*)::int from ${chatMessages} u where u.read_at is null and u.is_admin_message = false) as unread_messages,
        (select count(distinct u.sender_id)::int from ${chatMessages} u
          where u.read_at is null and u.is_admin_message = false) as active_conversations`),
  ]);
  const rows = (list as unknown as { rows: ListRow[] }).rows;
  const figures = (counters as unknown as { rows: CountersRow[] }).rows[0]!;
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
    // A page past the end has no rows to carry the count: count again (rare).
    total: rows[0]?.total ?? (page > 1 ? await countConversations(db, search) : 0),
    page,
    page_size: pageSize,
    total_customers: figures.total_customers,
    unread_messages: figures.unread_messages,
    active_conversations: figures.active_conversations,
  };
}

async function countConversations(db: Database, search: string): Promise<number> {
  const result = await db.execute(sql`with ${conversationsCte(search)} select count(*)::int as total from conversations`);
  return (result as unknown as { rows: { total: number }[] }).rows[0]!.total;
}

/** The conversation pane's header: null when the member has no profile. */
export async function conversationCustomer(db: Database, memberId: string): Promise<ConversationCustomerDto | null> {
  const result = await db.execute(sql`
    select p.id as customer_id, ${nameOf} as customer_name, p.credits as customer_credits
      from ${profiles} p where p.id = ${memberId}`);
  return (result as unknown as { rows: ConversationCustomerDto[] }).rows[0] ?? null;
}
