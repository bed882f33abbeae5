import { and, eq } from 'drizzle-orm';
import { users, weeklySummaries } from '../../../db/schema';
import { addDays } from '../../time/zoned-time';
import { isMonday, memberTimeZone, weeklyNumbers } from './weekly-numbers';
import { writeSummaryProse, type SummaryProseDeps } from './summary-prose';
import type { Composed, DueItem } from '../delivery/composers';

/**
 * A member's weekly summary (decision 058, "Weekly summaries"): the numbers of
 * the week that starts on the member's local Monday `item.periodKey`, computed
 * in code, and the prose that says them (the model's when it agrees with
 * them, else the scripted writer's). The row is kept (unique per member and
 * week), so a second call for the same week, after a retry or on another
 * instance, answers the stored summary and never writes a second one.
 */
export async function composeWeeklySummary(deps: SummaryProseDeps, item: DueItem): Promise<Composed> {
  const { db } = deps;
  const weekStart = item.periodKey;
  if (!isMonday(weekStart)) return { skip: 'not_a_week' };
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, item.userId));
  if (!account) return { skip: 'no_account' };

  const stored = await storedSummary(deps, item.userId, weekStart);
  if (stored) return composed(stored);

  const numbers = await weeklyNumbers(db, item.userId, weekStart, await memberTimeZone(db, item.userId));
  const prose = await writeSummaryProse(deps, numbers, { userId: item.userId, weekStart });
  const [inserted] = await db
    .insert(weeklySummaries)
    .values({
      userId: item.userId,
      weekStart,
      weekEnd: addDays(weekStart, 6),
      numbers,
      text: prose.text,
      proseSource: prose.source,
    })
    .onConflictDoNothing({ target: [weeklySummaries.userId, weeklySummaries.weekStart] })
    .returning({ id: weeklySummaries.id, text: weeklySummaries.text, proseSource: weeklySummaries.proseSource });
  // Another call wrote the week first: its summary is the one sent.
  const summary = inserted ?? (await storedSummary(deps, item.userId, weekStart));
  if (!summary) return { skip: 'no_account' };
  return composed(summary);
}

type StoredSummary = { id: string; text: string; proseSource: 'model' | 'scripted' };

async function storedSummary(
  deps: Pick<SummaryProseDeps, 'db'>,
  userId: string,
  weekStart: string,
): Promise<StoredSummary | undefined> {
  const [row] = await deps.db
    .select({ id: weeklySummaries.id, text: weeklySummaries.text, proseSource: weeklySummaries.proseSource })
    .from(weeklySummaries)
    .where(and(eq(weeklySummaries.userId, userId), eq(weeklySummaries.weekStart, weekStart)));
  return row;
}

const composed = (summary: StoredSummary): Composed => ({
  text: summary.text,
  programme: { kind: 'weekly_summary', id: summary.id },
  origin: summary.proseSource,
});
