import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters for our own endpoints' rate limits (better-auth keeps its
 * own in `rate_limits` and prunes them on its own, shorter, windows). Kept in
 * the database so every API instance counts against the same bucket.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `<limiter name>:<what is counted>`: a client address, or a hashed email for sign-in. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When this window ends and the count starts again from zero. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
