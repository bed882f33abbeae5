import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The coaching team's private notes on a member (decision 060): written and
 * read by admins only, never shown to the member, and given to the member only
 * in their data export, without the author. Its author may correct it, and any
 * admin may delete it (decision 067). A note stays when its author's
 * account goes (author_id set null: "a former team member"); it goes with the member's.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author last corrected the text (decision 067); null while it is as first written. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('member_notes_member_created_idx').on(t.memberId, t.createdAt.desc()),
    // The API's limit (MAX_MEMBER_NOTE_LENGTH) is 2,000; the table refuses anything far beyond it.
    check('member_notes_text_length', sql`char_length(${t.text}) between 1 and 4000`),
  ],
);
