import { eq, sql } from 'drizzle-orm';
import type { CoachMode } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { coachSettings } from '../../db/schema';

/**
 * The AI coach's global mode (decision 057): the row a coach set, or the
 * configured default (COACH_MODE) until one does. Read from the database on
 * every use, never remembered: `off` is the kill switch, and it must stop the
 * AI on every instance at once, answers in flight included (the coach reads
 * it again just before sending).
 */
export async function coachMode(db: Database | Tx, defaultMode: CoachMode): Promise<CoachMode> {
  const [row] = await db.select({ mode: coachSettings.mode }).from(coachSettings).where(eq(coachSettings.id, 1));
  return row?.mode ?? defaultMode;
}

export async function setCoachMode(db: Database, mode: CoachMode, updatedBy: string): Promise<void> {
  await db
    .insert(coachSettings)
    .values({ id: 1, mode, updatedBy })
    .onConflictDoUpdate({ target: coachSettings.id, set: { mode, updatedBy, updatedAt: sql`now()` } });
}
