import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Messages between a member and the coaching team. A member's message has
 * is_admin_message false and no recipient (it goes to the team inbox); an
 * admin's reply names the member as recipient. read_at null means unread.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    isAdminMessage: boolean('is_admin_message').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    messageType: text('message_type', { enum: ['text'] })
      .notNull()
      .default('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_sender_created_idx').on(t.senderId, t.createdAt.desc()),
    index('chat_messages_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('chat_messages_created_idx').on(t.createdAt.desc()),
    index('chat_messages_unread_idx')
      .on(t.senderId)
      .where(sql`${t.readAt} is null and ${t.isAdminMessage} = false`),
    check('chat_messages_type_valid', sql`${t.messageType} in ('text')`),
    check('chat_messages_not_blank', sql`length(btrim(${t.message})) > 0`),
  ],
);
