import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PROGRAMME_DELIVERY_STATUSES,
  PROGRAMME_KINDS,
  RISK_LEVELS,
  STEP_SOURCES,
  STEP_STATUSES,
  type WeeklySummaryNumbers,
} from '@app/shared';
import { users } from './auth';
import { focusAreas } from './catalog';
import { chatMessages } from './chat';

/**
 * The coaching programme (decision 058): step tasks, check-ins and weekly
 * summaries, sent in the member's conversation at the member's own times.
 */

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
/** "HH:MM", 00:00–23:59. */
const clockTime = (column: unknown) => sql`${column} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

/**
 * When and what one member is sent. No row means nothing is sent (each kind is
 * opted into). Times are the member's wall-clock times in `time_zone`.
 */
export const programmeSettings = pgTable(
  'programme_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    checkinsEnabled: boolean('checkins_enabled').notNull().default(false),
    checkinTime: text('checkin_time').notNull().default('09:00'),
    /** ISO weekdays (Monday 1 … Sunday 7) the check-in is asked on. */
    checkinDays: integer('checkin_days')
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::integer[]`),
    stepRemindersEnabled: boolean('step_reminders_enabled').notNull().default(false),
    stepReminderTime: text('step_reminder_time').notNull().default('12:30'),
    summariesEnabled: boolean('summaries_enabled').notNull().default(false),
    summaryDay: integer('summary_day').notNull().default(7),
    summaryTime: text('summary_time').notNull().default('18:00'),
    quietStart: text('quiet_start').notNull().default('21:00'),
    quietEnd: text('quiet_end').notNull().default('08:00'),
    paused: boolean('paused').notNull().default(false),
    mailNudges: boolean('mail_nudges').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('programme_settings_checkin_time_valid', clockTime(t.checkinTime)),
    check('programme_settings_step_time_valid', clockTime(t.stepReminderTime)),
    check('programme_settings_summary_time_valid', clockTime(t.summaryTime)),
    check('programme_settings_quiet_start_valid', clockTime(t.quietStart)),
    check('programme_settings_quiet_end_valid', clockTime(t.quietEnd)),
    check('programme_settings_summary_day_valid', sql`${t.summaryDay} between 1 and 7`),
    check('programme_settings_checkin_days_valid', sql`${t.checkinDays} <@ '{1,2,3,4,5,6,7}'::integer[]`),
  ],
);

/**
 * Each due item, once per member, kind and period (`period_key`: the member's
 * local date for a check-in or a step reminder, the local Monday for a
 * summary). The unique key is what makes delivery exactly-once: two instances,
 * or one after a restart, insert the same key and only one row is made.
 */
export const programmeDeliveries = pgTable(
  'programme_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROGRAMME_KINDS }).notNull(),
    periodKey: text('period_key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: PROGRAMME_DELIVERY_STATUSES }).notNull().default('queued'),
    /** Why it was not sent (paused, stopped, crisis, nothing to say). */
    skipReason: text('skip_reason'),
    /** The chat message that carried it, once sent. */
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('programme_deliveries_once_key').on(t.userId, t.kind, t.periodKey),
    index('programme_deliveries_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('programme_deliveries_kind_valid', sql`${t.kind} in (${inList(PROGRAMME_KINDS)})`),
    check('programme_deliveries_status_valid', sql`${t.status} in (${inList(PROGRAMME_DELIVERY_STATUSES)})`),
  ],
);

/** A check-in answer: how stressed right now, 0–10, and an optional one-line note. */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The check-in it answers, when it answers one (a member may also check in unasked). */
    deliveryId: uuid('delivery_id').references(() => programmeDeliveries.id, { onDelete: 'set null' }),
    score: integer('score').notNull(),
    note: text('note'),
    /** The note's screening (the score alone never makes a risk level; a sharp rise flags a human). */
    riskLevel: text('risk_level', { enum: RISK_LEVELS }).notNull().default('none'),
    /**
     * Answered by a member's message (a number written in the chat, a WhatsApp button tapped): that message is
     * the day's activity in the member's progress, so the check-in is not counted again. One answered through
     * the API (the dashboard's card, the form in the web chat) writes no message and counts itself.
     */
    answeredByMessage: boolean('answered_by_message').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkins_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('checkins_one_per_delivery_idx')
      .on(t.deliveryId)
      .where(sql`${t.deliveryId} is not null`),
    check('checkins_score_range', sql`${t.score} between 0 and 10`),
    check('checkins_note_length', sql`${t.note} is null or length(${t.note}) <= 280`),
    check('checkins_risk_level_valid', sql`${t.riskLevel} in (${inList(RISK_LEVELS)})`),
  ],
);

/** The step library: "If X, then I will Y" per focus area, seeded and edited by admins. */
export const stepTemplates = pgTable(
  'step_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    focusAreaId: uuid('focus_area_id')
      .notNull()
      .references(() => focusAreas.id, { onDelete: 'cascade' }),
    ifText: text('if_text').notNull(),
    thenText: text('then_text').notNull(),
    /** 3 a regular small step, 2 smaller, 1 the smallest. */
    size: integer('size').notNull().default(3),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('step_templates_focus_idx').on(t.focusAreaId, t.isActive, t.sortOrder),
    unique('step_templates_text_key').on(t.focusAreaId, t.ifText, t.thenText),
    check('step_templates_size_valid', sql`${t.size} between 1 and 3`),
    check('step_templates_if_length', sql`length(btrim(${t.ifText})) between 1 and 200`),
    check('step_templates_then_length', sql`length(btrim(${t.thenText})) between 1 and 200`),
  ],
);

/** A member's steps: one open (offered or accepted) at a time, and the history. */
export const memberSteps = pgTable(
  'member_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => stepTemplates.id, { onDelete: 'set null' }),
    /** Copied from the template (or written by the AI or a coach): editing the library never rewrites history. */
    ifText: text('if_text').notNull(),
    thenText: text('then_text').notNull(),
    size: integer('size').notNull().default(3),
    focusAreaId: uuid('focus_area_id').references(() => focusAreas.id, { onDelete: 'set null' }),
    source: text('source', { enum: STEP_SOURCES }).notNull().default('library'),
    status: text('status', { enum: STEP_STATUSES }).notNull().default('offered'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('member_steps_user_offered_idx').on(t.userId, t.offeredAt.desc()),
    uniqueIndex('member_steps_one_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('offered', 'accepted')`),
    check('member_steps_size_valid', sql`${t.size} between 1 and 3`),
    check('member_steps_source_valid', sql`${t.source} in (${inList(STEP_SOURCES)})`),
    check('member_steps_status_valid', sql`${t.status} in (${inList(STEP_STATUSES)})`),
  ],
);

/** A week's summary, kept so the member can look back: numbers computed in code, the text that says them. */
export const weeklySummaries = pgTable(
  'weekly_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's local Monday and Sunday. */
    weekStart: date('week_start').notNull(),
    weekEnd: date('week_end').notNull(),
    numbers: jsonb('numbers').$type<WeeklySummaryNumbers>().notNull(),
    text: text('text').notNull(),
    /** Who wrote the prose: the model (checked against the numbers) or the scripted writer. */
    proseSource: text('prose_source', { enum: ['model', 'scripted'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('weekly_summaries_user_week_key').on(t.userId, t.weekStart),
    check('weekly_summaries_prose_source_valid', sql`${t.proseSource} in ('model', 'scripted')`),
  ],
);
