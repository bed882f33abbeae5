import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SAVED_REPLY_BODY_MAX_LENGTH, SAVED_REPLY_TITLE_MAX_LENGTH } from '@app/shared';
import { users } from './auth';

/**
 * The coaching team's saved replies (decision 062): snippets offered in the
 * admin's message box by typing `/`, edited by admins (every change audited,
 * `saved_reply.*`). One library for the whole team; a title names one reply,
 * whatever its case.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** The reply's text; `{first_name}` is filled in when it is inserted. */
    body: text('body').notNull(),
    /** Who last changed it; null once that admin's account is gone. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_replies_title_idx').on(sql`lower(${t.title})`),
    check(
      'saved_replies_title_length',
      sql`length(btrim(${t.title})) between 1 and ${sql.raw(String(SAVED_REPLY_TITLE_MAX_LENGTH))}`,
    ),
    check(
      'saved_replies_body_length',
      sql`length(btrim(${t.body})) between 1 and ${sql.raw(String(SAVED_REPLY_BODY_MAX_LENGTH))}`,
    ),
  ],
);
