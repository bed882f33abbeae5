import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutgoingMail } from './mailer';

/**
 * The outbox's queries. Each is a single statement with no explicit
 * transaction: on PGlite's one connection a request never waits behind more
 * than one short statement of the worker.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A span of time as SQL; times are taken from the database's clock, which every instance shares. */
const interval = (ms: number) => sql`make_interval(secs => ${Math.max(0, ms) / 1000})`;
const fromNow = (ms: number) => sql`now() + ${interval(ms)}`;

/** Queues a mail; given a transaction, the mail is queued only if that transaction commits. */
export async function enqueueMail(db: Pick<Database, 'insert'>, mail: OutgoingMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, userId: mail.userId ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Takes up to `limit` due rows for this worker: counts the attempt and pushes
 * `next_attempt_at` out by the lease, so no other worker takes them while the
 * lease runs. A worker that dies mid-send leaves its rows pending; they are
 * due again when the lease ends. SKIP LOCKED lets instances claiming at the
 * same moment take different rows instead of waiting on each other.
 */
export async function claimDueMail(db: Database, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  // Two statements in one transaction, not `update … where id in (select … limit)`:
  // PostgreSQL may run such a subquery again for every row it updates, and with
  // rows queued at the same instant each run can pick other rows, so one worker
  // took far more than `limit` and left nothing for the others (CI saw it).
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: fromNow(leaseMs) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: due again after `retryInMs`, or marked failed for good when `retryInMs` is null. */
export async function markAttemptFailed(db: Database, id: string, error: string, retryInMs: number | null) {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error }
        : { status: 'pending', lastError: error, nextAttemptAt: fromNow(retryInMs) },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/**
 * Deletes sent and failed rows queued more than `retentionMs` ago: their
 * bodies hold sign-in and reset links, which should not outlive their use.
 */
export async function purgeFinishedMail(db: Database, retentionMs: number): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'failed']),
        lt(mailOutbox.createdAt, sql`now() - ${interval(retentionMs)}`),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}
