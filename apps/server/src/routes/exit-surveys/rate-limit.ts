import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Database } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

export interface RateLimitOptions {
  /** Names the bucket family in the counter key. */
  name: string;
  max: number;
  windowSeconds: number;
  /** The JSON error the client sees when refused. */
  message: string;
}

/**
 * A fixed-window limit per client address, counted in the database with one
 * atomic upsert, so several API instances share the same buckets. A refused
 * request answers 429 with Retry-After and never reaches the handler.
 */
export function rateLimitPerClient(db: Database, options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { name, max, windowSeconds, message } = options;
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const t = rateLimitCounters;
  return async (c, next) => {
    const key = `${name}:${c.get('clientIp')}`;
    const [row] = await db
      .insert(t)
      .values({ key, count: 1, expiresAt: sql`now() + ${window}` })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          // The existing row's values: a finished window starts again at 1;
          // otherwise count on, stopping one past the limit (no overflow).
          count: sql`case when ${t.expiresAt} <= now() then 1 else least(${t.count} + 1, ${max + 1}) end`,
          expiresAt: sql`case when ${t.expiresAt} <= now() then now() + ${window} else ${t.expiresAt} end`,
        },
      })
      .returning({
        count: t.count,
        secondsLeft: sql<number>`ceil(extract(epoch from (${t.expiresAt} - now())))::int`,
      });
    if (row!.count === 1) await pruneExpired(db);
    if (row!.count > max) {
      c.header('Retry-After', String(Math.max(1, row!.secondsLeft)));
      return c.json({ error: message }, 429);
    }
    await next();
  };
}

/** Finished windows are dead weight; drop them whenever a new window opens. */
async function pruneExpired(db: Database) {
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.expiresAt} <= now()`);
}
