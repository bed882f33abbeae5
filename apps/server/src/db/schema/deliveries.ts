import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What the outbox delivers: mail, signed webhooks to other services, the
 * processing of a verified inbound webhook event, WhatsApp sends (replies,
 * templates, read receipts), the fetching of WhatsApp media (decision 056), the
 * AI coach's jobs (057) and the programme's due items (058).
 * Each topic has one deliverer (lib/outbox/worker.ts).
 */
export const OUTBOX_TOPICS = [
  'mail',
  'webhook',
  'inbound',
  'whatsapp',
  'whatsapp_media',
  'coach',
  'programme',
] as const;
export type OutboxTopic = (typeof OUTBOX_TOPICS)[number];

/**
 * The one durable outbox (decision 054, after 013): every outbound delivery is
 * a row here first, written in the transaction of whatever asked for it, and
 * delivered by the worker of some instance with retries. In local mode the
 * sent mail rows are the local mailbox. Sent and failed rows are purged after
 * a retention period.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Insertion order, for deliveries that share an ordering key (uuids and
     * timestamps cannot say which of two rows of one transaction came first).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    topic: text('topic', { enum: OUTBOX_TOPICS }).notNull(),
    /** What the topic's deliverer needs, as it needs it (a mail, a webhook's url and body, an event's key). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * Deliveries with the same key go one at a time, oldest first (a WhatsApp
     * contact gets one message in flight at a time). Null: no order with others.
     */
    orderingKey: text('ordering_key'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts started so far; counted when a worker claims the row. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due; while a worker holds it, when its lease ends. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed (the deliverer's message, never the payload). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The account the delivery is for, when there is one: deleting the account
     * deletes its deliveries, wherever they go (an email change's link goes to
     * the new address). Null for deliveries about no account.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('outbox_user_idx').on(t.userId),
    index('outbox_topic_created_idx').on(t.topic, t.createdAt.desc()),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_ordering_idx')
      .on(t.orderingKey, t.seq)
      .where(sql`${t.status} = 'pending' and ${t.orderingKey} is not null`),
    check('outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check(
      'outbox_topic_valid',
      sql`${t.topic} in ('mail', 'webhook', 'inbound', 'whatsapp', 'whatsapp_media', 'coach', 'programme')`,
    ),
  ],
);

/**
 * The idempotency ledger of inbound webhooks (and of the local payment
 * provider's own events): one row per (provider, event id), written when the
 * verified event is received, so a repeat changes nothing. `payload` holds the
 * event until it is processed (then it is cleared: it may name a person);
 * `processed_at` says it was applied.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * Set when a signed event could not be read (a field missing or of the wrong
     * kind): which fields, never their values. It is recorded so the sender stops
     * sending it; an operator can look at it in the sender's dashboard.
     */
    refusedReason: text('refused_reason'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
