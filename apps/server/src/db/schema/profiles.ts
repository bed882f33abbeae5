import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CREDITS_BASELINE, DEFAULT_PLAN_NAME } from '@app/shared';
import { users } from './auth';
import { coachingTones, focusAreas } from './catalog';

/**
 * One profile per account, created with the account in the same transaction
 * (see the provisioning trigger in the migrations). Credits, the trial counter
 * and activation change only through server logic or an admin.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    email: text('email'),
    focusAreaId: uuid('focus_area_id').references(() => focusAreas.id, { onDelete: 'set null' }),
    coachingToneId: uuid('coaching_tone_id').references(() => coachingTones.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull().default(CREDITS_BASELINE),
    pricingPlan: text('pricing_plan').notNull().default(DEFAULT_PLAN_NAME),
    trialConversationsUsed: integer('trial_conversations_used').notNull().default(0),
    /** When the free trial conversation began: copying the chat link again within a day continues it. */
    trialConversationStartedAt: timestamp('trial_conversation_started_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Raised by triggers whenever anything the member's analytics show changes:
     * their reflections, their conversation's messages, their credits, the title of
     * a prompt they reflected on (migration 0008). The analytics read serves its
     * remembered answer while this has not moved (routes/analytics/analytics-cache.ts).
     */
    activityVersion: bigint('activity_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_credits_non_negative', sql`${t.credits} >= 0`),
    check('profiles_trial_non_negative', sql`${t.trialConversationsUsed} >= 0`),
    index('profiles_created_at_idx').on(t.createdAt),
    index('profiles_updated_at_idx').on(t.updatedAt),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'user'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_roles_user_role_key').on(t.userId, t.role),
    check('user_roles_role_valid', sql`${t.role} in ('admin', 'user')`),
  ],
);
