import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AUTOMATION_ORIGINS,
  AUTOMATION_STATES,
  RISK_LEVELS,
  type RiskCategory,
  MESSAGE_AUTHOR_KINDS,
  MESSAGE_CHANNELS,
  MESSAGE_DELIVERY_STATUSES,
  MESSAGE_TYPES,
  type MessageMedia,
  type ProgrammeMessageRef,
} from '@app/shared';
import { users } from './auth';

/** PostgreSQL's text-search document: read by the search's SQL only (lib/chat/message-search.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A conversation between the coaching team and one person (decision 052): a
 * member (member_id), or a contact on another channel not linked to a member
 * yet (member_id null, contact_name its label). The inbox summary (latest
 * message, how many of the person's messages the team has not read) is kept
 * by triggers on chat_messages in the statement that changes a message
 * (migration 0012), so the inbox reads one page of these rows, however many
 * messages there are, and no code path can forget to update it. A
 * conversation with no message yet (opened, nothing written) is not listed.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: text('member_id')
      .unique('conversations_member_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown in the inbox for a conversation with no member (a contact's name as the channel gave it). */
    contactName: text('contact_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** Who answers it (decision 057): the AI per the global mode, paused by a coach, handed to a person, crisis. */
    automationState: text('automation_state', { enum: AUTOMATION_STATES }).notNull().default('on'),
    automationStateChangedAt: timestamp('automation_state_changed_at', { withTimezone: true }),
    /** The coach who last set the state; null for the system (a crisis, the member's own request). */
    automationStateChangedBy: text('automation_state_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when it enters crisis: listed first in the inbox until a coach returns it to normal. */
    urgentSince: timestamp('urgent_since', { withTimezone: true }),
    /** The highest risk screened since a coach last returned it to normal. */
    riskLevel: text('risk_level', { enum: RISK_LEVELS }).notNull().default('none'),
    riskCategories: jsonb('risk_categories').$type<RiskCategory[]>().notNull().default([]),
    /** When the AI last said it is an AI here (said again after 3 hours, decision 057). */
    aiDisclosedAt: timestamp('ai_disclosed_at', { withTimezone: true }),
    /** The coach's rolling summary of the conversation (the member may read and delete it). */
    coachSummary: text('coach_summary'),
    /** The newest message the summary covers. */
    coachSummaryThrough: timestamp('coach_summary_through', { withTimezone: true }),
    /** The coach who answers it (decision 061); null while unassigned, and when that coach leaves. */
    assignedCoachId: text('assigned_coach_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /**
     * Since when the person has waited for an answer: their first message since the team's last
     * reply (a coach's or the AI's); null when nobody waits. Kept by a trigger on chat_messages
     * (migration 0018), so "waiting longest" is an index order, not a scan of messages.
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
  },
  (t) => [
    // The inbox's order: unread count, then latest message; only conversations with a message.
    index('conversations_inbox_order_idx')
      .on(sql`(${t.urgentSince} is not null) desc`, t.unreadCount.desc(), t.lastMessageAt.desc(), t.id)
      .where(sql`${t.lastMessageId} is not null`),
    // The same order within one coach's conversations, or the unassigned ones (Mine / Unassigned, decision 061).
    index('conversations_assignee_order_idx')
      .on(
        t.assignedCoachId,
        sql`(${t.urgentSince} is not null) desc`,
        t.unreadCount.desc(),
        t.lastMessageAt.desc(),
        t.id,
      )
      .where(sql`${t.lastMessageId} is not null`),
    // "Waiting longest": crisis first, then the longest wait, then the rest by latest message.
    index('conversations_waiting_order_idx')
      .on(sql`(${t.urgentSince} is not null) desc`, t.waitingSince.asc(), t.lastMessageAt.desc(), t.id)
      .where(sql`${t.lastMessageId} is not null`),
    index('conversations_assignee_waiting_idx')
      .on(
        t.assignedCoachId,
        sql`(${t.urgentSince} is not null) desc`,
        t.waitingSince.asc(),
        t.lastMessageAt.desc(),
        t.id,
      )
      .where(sql`${t.lastMessageId} is not null`),
    check('conversations_unread_non_negative', sql`${t.unreadCount} >= 0`),
    check('conversations_automation_state_valid', sql`${t.automationState} in (${inList(AUTOMATION_STATES)})`),
    check('conversations_risk_level_valid', sql`${t.riskLevel} in (${inList(RISK_LEVELS)})`),
    // In crisis means urgent: the inbox's flag and the state never disagree.
    check('conversations_crisis_is_urgent', sql`${t.automationState} <> 'crisis' or ${t.urgentSince} is not null`),
  ],
);

/**
 * The messages of a conversation (decision 052). Who wrote it (author_kind,
 * and sender_id for a member or coach), on which channel, of which type, how
 * far its delivery got (status and its times), the provider's id for dedupe
 * (external_id, unique per channel) and the id the sending client made
 * (client_id, unique per conversation: a resend returns the stored message).
 * Written only by lib/chat/post-message.ts.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /**
     * Who wrote it: the member, or the coach. Null for automation and system
     * messages, for a contact's message on another channel, and for a coach's
     * reply whose writer has since deleted their account: the reply stays,
     * shown as from the coaching team (decision 049). A member's own messages
     * go with them.
     */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: MESSAGE_AUTHOR_KINDS }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull().default('web'),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull().default('text'),
    /** What an audio, image or other message carries; null for text. */
    media: jsonb('media').$type<MessageMedia>(),
    /** The provider's message id on channels other than web, for dedupe. */
    externalId: text('external_id'),
    /** The client-made id, echoed back so the sender matches its own message. */
    clientId: text('client_id'),
    status: text('status', { enum: MESSAGE_DELIVERY_STATUSES }).notNull().default('sent'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** null means unread by the other side. */
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** The person's reaction to this message on their channel (an emoji); null when none or removed. */
    reaction: text('reaction'),
    /** For an automation message: the model, the scripted coach, the fixed safety texts, an outside automation. */
    origin: text('origin', { enum: AUTOMATION_ORIGINS }),
    /** A programme message (decision 058): the check-in, step or weekly summary it is about. */
    programme: jsonb('programme').$type<ProgrammeMessageRef>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The text's words for search across messages (decision 062), English stemming, kept by PostgreSQL
     * itself. Stored, so ranking and a phrase's check read it instead of parsing every match again.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, message)`),
  },
  (t) => [
    index('chat_messages_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('chat_messages_created_idx').on(t.createdAt.desc()),
    // A conversation newest first: its pages (keyset on created_at, id) and its latest message.
    index('chat_messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    // Search across messages (decision 062).
    index('chat_messages_search_idx').using('gin', t.searchVector),
    index('chat_messages_unread_idx')
      .on(t.conversationId)
      .where(sql`${t.readAt} is null and ${t.authorKind} = 'member'`),
    uniqueIndex('chat_messages_channel_external_id_idx')
      .on(t.channel, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('chat_messages_conversation_client_id_idx')
      .on(t.conversationId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    check('chat_messages_author_kind_valid', sql`${t.authorKind} in (${inList(MESSAGE_AUTHOR_KINDS)})`),
    check('chat_messages_channel_valid', sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check('chat_messages_type_valid', sql`${t.messageType} in (${inList(MESSAGE_TYPES)})`),
    check('chat_messages_status_valid', sql`${t.status} in (${inList(MESSAGE_DELIVERY_STATUSES)})`),
    // Text must say something; a media message may come without a caption.
    check('chat_messages_not_blank', sql`${t.messageType} <> 'text' or length(btrim(${t.message})) > 0`),
    // A member writing on the web is always known; a contact on another channel may not be a member yet.
    check(
      'chat_messages_sender_known',
      sql`${t.senderId} is not null or ${t.authorKind} <> 'member' or ${t.channel} <> 'web'`,
    ),
    check('chat_messages_read_has_time', sql`${t.status} <> 'read' or ${t.readAt} is not null`),
    check('chat_messages_origin_valid', sql`${t.origin} is null or ${t.origin} in (${inList(AUTOMATION_ORIGINS)})`),
    check('chat_messages_failed_has_time', sql`${t.status} <> 'failed' or ${t.failedAt} is not null`),
  ],
);
