import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Answers to the exit-intent offer; public, so no account is linked. */
export const exitIntentSurveys = pgTable(
  'exit_intent_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    willingnessToPay: text('willingness_to_pay', { enum: ['yes', 'no', 'maybe'] }).notNull(),
    reason: text('reason'),
    chatPreference: text('chat_preference', { enum: ['yes', 'no'] }),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exit_intent_surveys_created_idx').on(t.createdAt.desc()),
    check('exit_surveys_willingness_valid', sql`${t.willingnessToPay} in ('yes', 'no', 'maybe')`),
    check(
      'exit_surveys_chat_preference_valid',
      sql`${t.chatPreference} is null or ${t.chatPreference} in ('yes', 'no')`,
    ),
  ],
);

/** One row per member, editable; lists are stored comma-and-space separated as the spec shows them. */
export const userTrackerFeedback = pgTable(
  'user_tracker_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    tracking: text('tracking').notNull(),
    projectManagementTools: text('project_management_tools').notNull().default(''),
    visualFeaturePreferences: text('visual_feature_preferences').notNull().default(''),
    additionalThoughts: text('additional_thoughts'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tracker_feedback_created_idx').on(t.createdAt.desc())],
);
