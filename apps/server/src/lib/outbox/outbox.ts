import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { outbox, type OutboxTopic } from '../../db/schema';

/**
 * The outbox's queries (decision 054). Apart from the claim, each is a single
 * statement with no explicit transaction: on PGlite's one connection a
 * request never waits behind more than one short statement of the worker.
 */

export type OutboxRow = typeof outbox.$inferSelect;
/** One delivery to make: which topic's deliverer makes it, and what it needs. */
interface Delivery {
  topic: OutboxTopic;
  /** Plain JSON: the deliverer reads it back as it was written. */
  payload: Record<string, unknown>;
  /** The account it is for: deleting the account deletes the delivery (see the schema). */
  userId?: string | null;
  /** Deliveries with the same key go one at a time, in the order they were enqueued. */
  orderingKey?: string | null;
}

/** A span of time as SQL; times are taken from the database's clock, which every instance shares. */
const interval = (ms: number) => sql`make_interval(secs => ${Math.max(0, ms) / 1000})`;
const fromNow = (ms: number) => sql`now() + ${interval(ms)}`;

/**
 * Queues a delivery, in the caller's transaction when given one: it commits
 * or rolls back with whatever the caller writes beside it, so a delivery is
 * never made for a change that did not happen. Nothing else is needed to start
 * it: the database tells every instance's worker once the row is committed
 * (migration 0013's trigger, an `outbox_due` event on the realtime bus), so
 * delivery starts at once rather than at the next poll.
 */
export async function enqueue(db: Database | Tx, delivery: Delivery): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      topic: delivery.topic,
      payload: delivery.payload,
      userId: delivery.userId ?? null,
      orderingKey: delivery.orderingKey ?? null,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/**
 * Takes up to `limit` due rows for this worker: counts the attempt and pushes
 * `next_attempt_at` out by the lease, so no other worker takes them while the
 * lease runs. A worker that dies mid-delivery leaves its rows pending; they
 * are due again when the lease ends. SKIP LOCKED lets instances claiming at
 * the same moment take different rows instead of waiting on each other.
 *
 * A row with an ordering key is taken only while it is its key's head: the row
 * of that key already tried (in flight, or waiting for its retry), else the
 * oldest. So one delivery per key is out at a time, in order; a row given up
 * hands the turn to the next.
 */
export async function claimDue(
  db: Database,
  topics: readonly OutboxTopic[],
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  if (!topics.length) return [];
  // Two statements in one transaction, not `update … where id in (select … limit)`:
  // PostgreSQL may run such a subquery again for every row it updates, and with
  // rows queued at the same instant each run can pick other rows, so one worker
  // took far more than `limit` and left nothing for the others.
  return db.transaction(async (tx) => {
    const head = sql`(
      select h.id from ${outbox} h
      where h.ordering_key = ${outbox.orderingKey} and h.status = 'pending'
      order by (h.attempts = 0), h.seq
      limit 1
    )`;
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          inArray(outbox.topic, [...topics]),
          lte(outbox.nextAttemptAt, sql`now()`),
          sql`(${outbox.orderingKey} is null or ${outbox.id} = ${head})`,
        ),
      )
      .orderBy(outbox.nextAttemptAt, outbox.seq)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: fromNow(leaseMs) })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(outbox.id, id));
}

/** A failed attempt: due again after `retryInMs`, or marked failed for good when `retryInMs` is null. */
export async function markAttemptFailed(db: Database, id: string, error: string, retryInMs: number | null) {
  await db
    .update(outbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error }
        : { status: 'pending', lastError: error, nextAttemptAt: fromNow(retryInMs) },
    )
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/**
 * Deletes sent and failed rows queued more than `retentionMs` ago: mail bodies
 * hold sign-in and reset links, webhook bodies a visitor's details, which
 * should not outlive their use.
 */
export async function purgeFinished(db: Database, retentionMs: number): Promise<number> {
  const removed = await db
    .delete(outbox)
    .where(and(inArray(outbox.status, ['sent', 'failed']), lt(outbox.createdAt, sql`now() - ${interval(retentionMs)}`)))
    .returning({ id: outbox.id });
  return removed.length;
}
