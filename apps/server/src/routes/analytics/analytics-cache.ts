import { eq, sql } from 'drizzle-orm';
import type { ProfileAnalyticsDto } from '@app/shared';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema';
import { profileAnalyticsOf } from './profile-analytics';

/**
 * Enough members reading their dashboard at once on one instance. An answer is
 * a few kilobytes (30 days, ten reflections, ten messages), so the cache stays
 * within a few tens of megabytes at most.
 */
const MAX_ENTRIES = 2_000;

interface Entry {
  version: number;
  /** The UTC date the figures were computed for: the window and the streak end on it. */
  day: string;
  /** The answer as sent: serialised once, when computed. */
  json: string;
}

/**
 * A member's analytics, computed once and served again while nothing they show
 * has changed (decision 051). The figures take three queries, one of them the
 * heaviest read a member makes; whether they changed takes one indexed read of
 * `profiles.activity_version`, which triggers raise on every write that
 * matters, from any instance or from SQL (migration 0008). So a member sees
 * their new reflection on the very next read, wherever it was written.
 *
 * The version is read before the figures: a write that lands between the two
 * is already in the figures stored under the older version, and the next read
 * sees the newer version and computes again. Nothing stale is ever served.
 */
export function createAnalyticsCache(db: Database) {
  const entries = new Map<string, Entry>();
  // Read on every dashboard visit: prepared once, like the profile read.
  const versionById = db
    .select({ version: profiles.activityVersion })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('calm_activity_version_by_id');

  async function versionOf(userId: string): Promise<number> {
    const [row] = await versionById.execute({ id: userId });
    return row?.version ?? -1;
  }

  function remember(userId: string, entry: Entry) {
    entries.delete(userId);
    entries.set(userId, entry);
    // A Map keeps insertion order: the first key is the one read longest ago.
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }

  return {
    /** The member's ProfileAnalyticsDto as JSON text. */
    async analyticsJsonOf(userId: string, now: Date): Promise<string> {
      const day = now.toISOString().slice(0, 10);
      const version = await versionOf(userId);
      const known = entries.get(userId);
      if (known && known.version === version && known.day === day) {
        remember(userId, known);
        return known.json;
      }
      const analytics: ProfileAnalyticsDto = await profileAnalyticsOf(db, userId, now);
      const json = JSON.stringify(analytics);
      remember(userId, { version, day, json });
      return json;
    },
  };
}
