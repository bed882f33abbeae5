import { and, desc, eq } from 'drizzle-orm';
import type { WeeklySummaryDto } from '@app/shared';
import type { Database } from '../../../db/client';
import { weeklySummaries } from '../../../db/schema';

type SummaryRow = typeof weeklySummaries.$inferSelect;

export function toWeeklySummaryDto(row: SummaryRow): WeeklySummaryDto {
  return {
    id: row.id,
    week_start: row.weekStart,
    week_end: row.weekEnd,
    numbers: row.numbers,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

/** A member's kept summaries, newest week first. */
export async function summariesOf(db: Database, userId: string, limit: number): Promise<WeeklySummaryDto[]> {
  const rows = await db
    .select()
    .from(weeklySummaries)
    .where(eq(weeklySummaries.userId, userId))
    .orderBy(desc(weeklySummaries.weekStart))
    .limit(limit);
  return rows.map(toWeeklySummaryDto);
}

/** One of the member's summaries; null when there is none by that id, or it is someone else's. */
export async function summaryOf(db: Database, userId: string, id: string): Promise<WeeklySummaryDto | null> {
  const [row] = await db
    .select()
    .from(weeklySummaries)
    .where(and(eq(weeklySummaries.id, id), eq(weeklySummaries.userId, userId)));
  return row ? toWeeklySummaryDto(row) : null;
}
