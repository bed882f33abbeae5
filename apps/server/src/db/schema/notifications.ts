import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { conversations } from './chat';

/**
 * Telling people a message is waiting (decision 063). The live side (header
 * count, tab title, toasts, browser notifications) needs no table; these hold
 * what the mails need to be sent at most as often as promised.
 */

/** A member's choice about reply mails. No row: the default (on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  replyMails: boolean('reply_mails').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a conversation's member was last mailed that a reply waits: at most
 * one such mail per conversation per REPLY_MAIL_WINDOW_HOURS, and only about
 * a reply newer than the last mail's, claimed by one conditional upsert, so
 * two instances' passes never both send it.
 */
export const replyMailLog = pgTable('reply_mail_log', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  /** The newest reply that mail was about: a later mail needs a newer one. */
  coveredThrough: timestamp('covered_through', { withTimezone: true }).notNull(),
});

/**
 * A coach's presence and digest: when one of their admin sockets was last
 * open on any instance (each instance's pass writes it for its own sockets),
 * and when they were last sent a digest.
 */
export const coachNotificationState = pgTable('coach_notification_state', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** The newest member message the last digest counted: the next counts only newer ones. */
  digestCoveredThrough: timestamp('digest_covered_through', { withTimezone: true }),
});
