import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coachUsage } from '../../db/schema';

/**
 * The model's tokens used this calendar month, every member together: what
 * the admin settings show against COACH_MONTHLY_TOKEN_BUDGET. The pipeline
 * writes coach_usage; this is only its read side.
 */
export async function monthTokensUsed(db: Database): Promise<number> {
  const [row] = await db
    .select({
      tokens: sql<string>`coalesce(sum(${coachUsage.promptTokens} + ${coachUsage.completionTokens}), 0)`,
    })
    .from(coachUsage)
    .where(sql`${coachUsage.day} >= date_trunc('month', current_date)::date`);
  return Number(row?.tokens ?? 0);
}
