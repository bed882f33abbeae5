import { and, eq, sql } from 'drizzle-orm';
import { WHATSAPP_WINDOW_MS, type ConversationCoachDto, type ConversationCustomerDto } from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages, coachDrafts, conversations, profiles, whatsappContacts } from '../../db/schema';
import { UNNAMED_COACH } from './coaches';
import { memberPlanOf } from '../billing/member-plan';

/**
 * Conversations by their own id (decision 052): a member's (member_id), or a
 * contact's with no member yet (contact_name its label).
 */

export const UNKNOWN_USER = 'Unknown User';
export const UNKNOWN_CONTACT = 'Unknown contact';

export type ConversationRow = { id: string; memberId: string | null; contactName: string | null };

/** A conversation, or null. `id` must be a uuid (the routes validate it). */
export async function conversationById(db: Database, id: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select({ id: conversations.id, memberId: conversations.memberId, contactName: conversations.contactName })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row ?? null;
}

/** Whether this conversation is this member's own: what a member may read, write and join. */
export async function isMembersConversation(db: Database, conversationId: string, memberId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.memberId, memberId)));
  return !!row;
}

/**
 * The member's conversation's id, made on first need (reading the chat, an
 * admin opening it from the member's row). One per member: of two first
 * calls at once, one inserts and the other reads the row it made.
 */
export async function memberConversationId(db: Database, memberId: string): Promise<string> {
  const existing = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.memberId, memberId));
  if (existing[0]) return existing[0].id;
  const [made] = await db
    .insert(conversations)
    .values({ memberId })
    .onConflictDoNothing({ target: conversations.memberId })
    .returning({ id: conversations.id });
  if (made) return made.id;
  const [other] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.memberId, memberId));
  return other!.id;
}

/** Starts a conversation with a contact who is no member (yet): another channel's number, say. */
export async function createContactConversation(db: Database, contactName: string | null): Promise<string> {
  const [row] = await db.insert(conversations).values({ contactName }).returning({ id: conversations.id });
  return row!.id;
}

const nameOf = (member: 'p' | 'c') =>
  sql.raw(
    member === 'p'
      ? `coalesce(nullif(btrim(p.full_name), ''), '${UNKNOWN_USER}')`
      : `coalesce(nullif(btrim(c.contact_name), ''), '${UNKNOWN_CONTACT}')`,
  );

/** The SQL of a conversation's name in the inbox: the member's, or the contact's label. */
export const customerNameSql = sql`case when c.member_id is null then ${nameOf('c')} else ${nameOf('p')} end`;

/** The conversation pane's header, or null when there is no such conversation. */
export async function conversationHeader(
  db: Database,
  conversationId: string,
  options: { whatsappReplyTemplate: boolean },
): Promise<ConversationCustomerDto | null> {
  const result = await db.execute(sql`
    select c.id as conversation_id, c.member_id as customer_id, ${customerNameSql} as customer_name,
           p.credits as customer_credits,
           w.id as contact_id, w.phone, w.profile_name, w.linked_at, w.last_inbound_at,
           c.automation_state, c.urgent_since, c.risk_level, c.risk_categories,
           d.id as draft_id, d.text as draft_text, d.reply_to_message_id as draft_reply_to, d.created_at as draft_created_at,
           c.assigned_coach_id as assignee_id, coalesce(nullif(btrim(ap.full_name), ''), ${UNNAMED_COACH}) as assignee_name
      from ${conversations} c
      left join ${profiles} p on p.id = c.member_id
      left join ${profiles} ap on ap.id = c.assigned_coach_id
      left join ${whatsappContacts} w on w.conversation_id = c.id
      left join ${coachDrafts} d on d.conversation_id = c.id and d.status = 'pending'
     where c.id = ${conversationId}::uuid`);
  const row = (result as unknown as { rows: HeaderRow[] }).rows[0];
  if (!row) return null;
  // The plan the member holds, the one answer every screen shows (decision 065).
  const plan = row.customer_id ? await memberPlanOf(db, row.customer_id) : null;
  return {
    conversation_id: row.conversation_id,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_credits: row.customer_credits,
    customer_plan: plan?.name ?? null,
    whatsapp: row.contact_id
      ? {
          contact: {
            contact_id: row.contact_id,
            phone: row.phone,
            profile_name: row.profile_name,
            linked_at: isoOrNull(row.linked_at),
          },
          window_closes_at: row.last_inbound_at
            ? new Date(new Date(row.last_inbound_at).getTime() + WHATSAPP_WINDOW_MS).toISOString()
            : null,
          reply_template: options.whatsappReplyTemplate,
        }
      : null,
    coach: {
      state: row.automation_state,
      urgent_since: isoOrNull(row.urgent_since),
      risk_level: row.risk_level,
      risk_categories: row.risk_categories,
      draft: row.draft_id
        ? {
            id: row.draft_id,
            text: row.draft_text!,
            reply_to_message_id: row.draft_reply_to,
            created_at: new Date(row.draft_created_at!).toISOString(),
          }
        : null,
    },
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name } : null,
  };
}

/**
 * Assigns a conversation to a coach, or to nobody (decision 061). Returns
 * false when there is no such conversation. The caller has checked that the
 * coach is an active admin.
 */
export async function assignConversation(db: Database, conversationId: string, coachId: string | null) {
  const rows = await db
    .update(conversations)
    .set({ assignedCoachId: coachId, assignedAt: coachId ? new Date() : null })
    .where(eq(conversations.id, conversationId))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

type HeaderRow = Omit<ConversationCustomerDto, 'whatsapp' | 'coach' | 'assignee'> & {
  assignee_id: string | null;
  assignee_name: string;
  automation_state: ConversationCoachDto['state'];
  urgent_since: Date | string | null;
  risk_level: ConversationCoachDto['risk_level'];
  risk_categories: ConversationCoachDto['risk_categories'];
  draft_id: string | null;
  draft_text: string | null;
  draft_reply_to: string | null;
  draft_created_at: Date | string | null;
  contact_id: string | null;
  phone: string | null;
  profile_name: string | null;
  linked_at: Date | string | null;
  last_inbound_at: Date | string | null;
};

/** A timestamp column read by raw SQL: a Date on PGlite, a string on node-postgres. */
const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Whether the member has a profile (an account that can hold a conversation). */
export async function memberExists(db: Database, memberId: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, memberId));
  return !!row;
}

/** A condition on chat_messages: the message is in this member's conversation (what they sent and received). */
export const inMembersConversation = (memberId: string) =>
  sql`${chatMessages.conversationId} in (select ${conversations.id} from ${conversations} where ${conversations.memberId} = ${memberId})`;
