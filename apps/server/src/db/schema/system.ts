import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Durable outbox: every mail the app sends is a row here first, delivered by
 * the outbox worker (lib/mail/outbox-worker.ts) with retries. In local mode
 * the sent rows are the local mailbox (docs/product.md#running-locally). Sent and failed
 * rows are purged after a retention period (decision 013).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts started so far; counted when a worker claims the row. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due; while a worker holds it, when its lease ends. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed (the transport's message, never the mail). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The account the mail was sent for, when there is one: deleting the account
     * deletes its mail, wherever it was addressed (an email change's link goes to
     * the new address). Null for mail about no account (the deletion's own notice).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('mail_outbox_user_idx').on(t.userId),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Who changed what on whose account: roles, activation, credits, plans. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_target_idx').on(t.targetUserId)],
);
