import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COACH_MODES, RISK_LEVELS, type RiskCategory } from '@app/shared';
import { users } from './auth';
import { chatMessages, conversations } from './chat';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The AI coach's global setting (decision 057): one row (id 1). `off` is the
 * kill switch. No row yet means the configured default (COACH_MODE).
 */
export const coachSettings = pgTable(
  'coach_settings',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode', { enum: COACH_MODES }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coach_settings_single_row', sql`${t.id} = 1`),
    check('coach_settings_mode_valid', sql`${t.mode} in (${inList(COACH_MODES)})`),
  ],
);

/**
 * Every risk screening of a member message, by source (the deterministic
 * rules, the model's classification): the audit of why a conversation went
 * into crisis, or did not. Kept with the message (deleted with it).
 */
export const coachScreenings = pgTable(
  'coach_screenings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['rules', 'model'] }).notNull(),
    level: text('level', { enum: RISK_LEVELS }).notNull(),
    categories: jsonb('categories').$type<RiskCategory[]>().notNull().default([]),
    /** The rules that fired, or the model's note (a refusal, a filter): never the member's text. */
    detail: jsonb('detail').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coach_screenings_message_source_idx').on(t.messageId, t.source),
    index('coach_screenings_conversation_idx').on(t.conversationId, t.createdAt.desc()),
    check('coach_screenings_source_valid', sql`${t.source} in ('rules', 'model')`),
    check('coach_screenings_level_valid', sql`${t.level} in (${inList(RISK_LEVELS)})`),
  ],
);

/** The AI's draft waiting for a coach (drafts mode): sent, edited and sent, or discarded. */
export const coachDrafts = pgTable(
  'coach_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    replyToMessageId: uuid('reply_to_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'discarded'] })
      .notNull()
      .default('pending'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One waiting draft per conversation: a newer one replaces it.
    uniqueIndex('coach_drafts_one_pending_idx')
      .on(t.conversationId)
      .where(sql`${t.status} = 'pending'`),
    check('coach_drafts_status_valid', sql`${t.status} in ('pending', 'sent', 'discarded')`),
  ],
);

/** Short notes the coach keeps about a member; the member sees and may delete them (decision 057). */
export const coachNotes = pgTable(
  'coach_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coach_notes_member_idx').on(t.memberId, t.createdAt.desc())],
);

/**
 * The AI's use per member per day: replies (the daily cap) and the model's
 * tokens (the monthly budget is their sum over the month).
 */
export const coachUsage = pgTable(
  'coach_usage',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    replies: integer('replies').notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] }), index('coach_usage_day_idx').on(t.day)],
);
