import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Messages between a member and the coaching team. A member's message has
 * is_admin_message false and no recipient (it goes to the team inbox); an
 * admin's reply names the member as recipient. read_at null means unread.
 *
 * member_id, computed by the database from those two, names the conversation
 * the message belongs to: one index on it answers a conversation's pages and
 * its latest message, which the admin inbox reads for every member
 * (docs/decisions/029-realtime-bus.md, docs/performance.md "Messages").
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    /**
     * Who wrote it. Null only for a coach's reply whose writer has since deleted
     * their account: the reply stays in the member's conversation, shown as from
     * the coaching team (decision 049). A member's own messages go with them.
     */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    isAdminMessage: boolean('is_admin_message').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    messageType: text('message_type', { enum: ['text'] })
      .notNull()
      .default('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    memberId: text('member_id').generatedAlwaysAs(sql`case when is_admin_message then recipient_id else sender_id end`),
  },
  (t) => [
    index('chat_messages_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('chat_messages_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('chat_messages_created_idx').on(t.createdAt.desc()),
    // A conversation newest first: its pages (keyset on created_at, id) and its latest message.
    index('chat_messages_member_created_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index('chat_messages_unread_idx')
      .on(t.senderId)
      .where(sql`${t.readAt} is null and ${t.isAdminMessage} = false`),
    check('chat_messages_type_valid', sql`${t.messageType} in ('text')`),
    check('chat_messages_not_blank', sql`length(btrim(${t.message})) > 0`),
    check('chat_messages_sender_known', sql`${t.senderId} is not null or ${t.isAdminMessage}`),
  ],
);

/**
 * One row per conversation: its latest message and how many of the member's
 * messages the admins have not read. Kept by triggers on chat_messages in the
 * statement that changes a message (migration 0005, decision 029), so the
 * admin inbox's list reads one page of these rows, however many messages
 * there are, and no code path can forget to update it.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [
    // The list's order: unread count, then latest message.
    index('chat_conversations_order_idx').on(t.unreadCount.desc(), t.lastMessageAt.desc(), t.memberId),
    check('chat_conversations_unread_non_negative', sql`${t.unreadCount} >= 0`),
  ],
);
