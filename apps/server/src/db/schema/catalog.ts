import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Reference data members choose from; only active rows are offered, by sort_order. */
export const focusAreas = pgTable(
  'focus_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    value: text('value').notNull().unique(),
    label: text('label').notNull(),
    description: text('description').notNull(),
    iconName: text('icon_name').notNull(),
    colorClasses: text('color_classes').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('focus_areas_active_sort_idx').on(t.isActive, t.sortOrder)],
);

export const coachingTones = pgTable(
  'coaching_tones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    value: text('value').notNull().unique(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    quote: text('quote').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coaching_tones_active_sort_idx').on(t.isActive, t.sortOrder)],
);
