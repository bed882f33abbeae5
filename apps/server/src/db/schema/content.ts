import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { focusAreas } from './catalog';

/** Reflection prompts per focus area, managed by admins. */
export const strategicPrompts = pgTable(
  'strategic_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    promptText: text('prompt_text').notNull(),
    focusAreaId: uuid('focus_area_id').references(() => focusAreas.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('strategic_prompts_sort_idx').on(t.sortOrder),
    index('strategic_prompts_focus_area_idx').on(t.focusAreaId, t.isActive),
  ],
);

export const strategicPromptUserRatings = pgTable(
  'strategic_prompt_user_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    strategicPromptId: uuid('strategic_prompt_id')
      .notNull()
      .references(() => strategicPrompts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('prompt_ratings_user_prompt_key').on(t.userId, t.strategicPromptId),
    index('prompt_ratings_prompt_idx').on(t.strategicPromptId),
    check('prompt_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const userReflections = pgTable(
  'user_reflections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    strategicPromptId: uuid('strategic_prompt_id').references(() => strategicPrompts.id, { onDelete: 'set null' }),
    reflectionText: text('reflection_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_reflections_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('user_reflections_prompt_idx').on(t.strategicPromptId),
    index('user_reflections_created_idx').on(t.createdAt.desc()),
  ],
);
