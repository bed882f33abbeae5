import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { countHit } from '../lib/rate-limit-counters';

export interface RateLimitOptions {
  /** Names the bucket family in the counter key. */
  name: string;
  max: number;
  windowSeconds: number;
  /** The JSON error the client sees when refused. */
  message: string;
}

/**
 * A fixed-window limit per client address, counted in the database (see
 * countHit), so several API instances share the same buckets. A refused
 * request answers 429 with Retry-After and never reaches the handler.
 */
export function rateLimitPerClient(db: Database, options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { name, max, windowSeconds, message } = options;
  return async (c, next) => {
    const { count, secondsLeft } = await countHit(db, `${name}:${c.get('clientIp')}`, { max, windowSeconds });
    if (count > max) {
      c.header('Retry-After', String(secondsLeft));
      return c.json({ error: message }, 429);
    }
    await next();
  };
}

/**
 * The same fixed-window limit per signed-in account, for routes after
 * `access.member`: a member's limit follows them from address to address, and
 * members behind one address do not share it.
 */
export function rateLimitPerMember(db: Database, options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { name, max, windowSeconds, message } = options;
  return async (c, next) => {
    const { count, secondsLeft } = await countHit(db, `${name}:user:${c.get('user').id}`, { max, windowSeconds });
    if (count > max) {
      c.header('Retry-After', String(secondsLeft));
      return c.json({ error: message }, 429);
    }
    await next();
  };
}
