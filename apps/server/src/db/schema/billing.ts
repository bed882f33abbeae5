import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A member's paid subscription, written only from verified provider events. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    planKey: text('plan_key').notNull(),
    /** 'month' or 'year'; null for rows written before it was recorded (or by the local test helper). */
    billingPeriod: text('billing_period', { enum: ['month', 'year'] }),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * When the provider's state this row holds was true (the applied event's time, or
     * when it was fetched). An event older than this is never applied over it
     * (lib/payments/subscription-events.ts).
     */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_provider_valid', sql`${t.provider} in ('stripe', 'local')`),
    check('subscriptions_billing_period_valid', sql`${t.billingPeriod} in ('month', 'year')`),
  ],
);

/** The member's customer record at the payment provider: created once, reused for every checkout. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The limited Free Beta Access places (BETA_SEATS): one row per member holding
 * one. Taken under a table lock so that the cap holds under concurrent claims
 * (lib/billing/beta-seats.ts).
 */
export const betaSeats = pgTable('beta_seats', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Full access for a time without a payment (decision 065): the exit-intent offer's
 * 30 days from sign-up (source 'offer', at most one per member) or The Space Pass
 * given by an admin (source 'admin', audited; ended early by setting ends_at).
 * lib/billing/member-plan.ts reads it; nothing else decides what it gives.
 */
export const planGrants = pgTable(
  'plan_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planKey: text('plan_key').notNull(),
    source: text('source', { enum: ['offer', 'admin'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The admin who gave it; null for the offer, or once that admin's account is gone. */
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plan_grants_source_valid', sql`${t.source} in ('offer', 'admin')`),
    check('plan_grants_ends_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
    index('plan_grants_user_id_idx').on(t.userId, t.endsAt),
    // The offer is claimed once per member, whatever happens at the same moment.
    uniqueIndex('plan_grants_one_offer_per_member').on(t.userId).where(sql`${t.source} = 'offer'`),
  ],
);

/**
 * A checkout started with the local provider (no Stripe key, local mode only):
 * what the member is buying. Paying it applies one internal event whose id is
 * this row's, so paying twice changes nothing the second time.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planKey: text('plan_key').notNull(),
    billingPeriod: text('billing_period', { enum: ['month', 'year'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [check('local_checkout_sessions_billing_period_valid', sql`${t.billingPeriod} in ('month', 'year')`)],
);
