import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * An email change the member asked for and has not confirmed yet: better-auth
 * keeps the request only inside the mailed token, so the profile could not
 * otherwise say "We sent a confirmation link to …". Pending while `new_email`
 * differs from the account's address and the link has not expired.
 */
export const pendingEmailChanges = pgTable('pending_email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The way back from an email change (decision 046): the account's previous,
 * proven address gets a notice whose link restores it for a week. Only the
 * link's SHA-256 is kept, as for every secret we mail.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_change_undos_user_id_idx').on(t.userId)],
);

/**
 * What is left of a deleted member's subscription: the financial record UK tax
 * law asks us to keep (LEGAL.financialRecordYears), with nothing that names the
 * member (decision 031). Removed once `keep_until` has passed.
 */
export const retainedPaymentRecords = pgTable(
  'retained_payment_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    /** The provider's reference, so the record can be matched with the provider's invoices. */
    providerSubscriptionId: text('provider_subscription_id'),
    planKey: text('plan_key').notNull(),
    billingPeriod: text('billing_period', { enum: ['month', 'year'] }),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    accountDeletedAt: timestamp('account_deleted_at', { withTimezone: true }).notNull().defaultNow(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('retained_payment_records_keep_until_idx').on(t.keepUntil),
    check('retained_payment_records_provider_valid', sql`${t.provider} in ('stripe', 'local')`),
  ],
);
