import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** A counter's state: hits in its current window and the seconds until it ends. */
export interface CounterState {
  count: number;
  secondsLeft: number;
}

const t = rateLimitCounters;
const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from (${t.expiresAt} - now())))::int)`;

/**
 * Counts one hit on `key` in a fixed window, with one atomic upsert, so several
 * API instances share the count. A finished window starts again at 1; an open
 * one counts on, stopping at `max + 1` (over the limit, no overflow).
 */
export async function countHit(
  db: Database,
  key: string,
  { max, windowSeconds }: { max: number; windowSeconds: number },
): Promise<CounterState> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, expiresAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        // The existing row's values.
        count: sql`case when ${t.expiresAt} <= now() then 1 else least(${t.count} + 1, ${max + 1}) end`,
        expiresAt: sql`case when ${t.expiresAt} <= now() then now() + ${window} else ${t.expiresAt} end`,
      },
    })
    .returning({ count: t.count, secondsLeft });
  if (row!.count === 1 && Date.now() - lastPruneAt >= PRUNE_EVERY_MS) {
    lastPruneAt = Date.now();
    await pruneExpired(db);
  }
  return row!;
}

/** The counter's state while its window is open; undefined when there is none. */
export async function readCounter(db: Database, key: string): Promise<CounterState | undefined> {
  const [row] = await db
    .select({ count: t.count, secondsLeft })
    .from(t)
    .where(and(eq(t.key, key), sql`${t.expiresAt} > now()`));
  return row;
}

export async function clearCounter(db: Database, key: string): Promise<void> {
  await db.delete(t).where(eq(t.key, key));
}

/**
 * How often, at most, this process prunes. A new window opening is the cue, but
 * 50 members sending their first message at once open 50 windows: one delete
 * serves them all (the rest would each sweep the same table for nothing, in the
 * send's own time). Finished windows lingering a minute longer cost nothing:
 * countHit restarts a finished window itself.
 */
const PRUNE_EVERY_MS = 60_000;
let lastPruneAt = 0;

/** Finished windows are dead weight; drop them when a new window opens (at most every PRUNE_EVERY_MS). */
async function pruneExpired(db: Database) {
  await db.delete(t).where(sql`${t.expiresAt} <= now()`);
}
