import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatMessages, coachUsage } from '../../db/schema';
import type { CoachConfig } from '../../env';
import type { TokenUsage } from './model/model-types';

/**
 * The AI's limits (decision 057; research §5.6): per member, AI replies per
 * minute and per day; for the whole service, a monthly token budget. Over a
 * member's limit the scripted coach says so and offers a person; over the
 * budget the scripted coach answers in the model's place. Crisis help and a
 * person are never limited: the safety texts are not counted here.
 */

type Limits = CoachConfig['limits'];

/** 'ok', or which of the member's limits this reply would pass. */
export async function memberLimitReached(
  db: Database,
  limits: Limits,
  member: { memberId: string; conversationId: string },
): Promise<'ok' | 'minute' | 'day'> {
  const [today] = await db
    .select({ replies: coachUsage.replies })
    .from(coachUsage)
    .where(and(eq(coachUsage.memberId, member.memberId), eq(coachUsage.day, sql`current_date`)));
  if ((today?.replies ?? 0) >= limits.repliesPerDay) return 'day';
  // The AI's own answers in the last minute, as written (every instance sees the same rows).
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, member.conversationId),
        eq(chatMessages.authorKind, 'automation'),
        inArray(chatMessages.origin, ['model', 'scripted']),
        gte(chatMessages.createdAt, sql`now() - interval '1 minute'`),
      ),
    );
  return (recent?.count ?? 0) >= limits.repliesPerMinute ? 'minute' : 'ok';
}

/** Whether this calendar month's tokens, every member's together, are still under the budget. */
export async function withinTokenBudget(db: Database, limits: Limits): Promise<boolean> {
  const [month] = await db
    .select({ tokens: sql<number>`coalesce(sum(${coachUsage.promptTokens} + ${coachUsage.completionTokens}), 0)::int` })
    .from(coachUsage)
    .where(gte(coachUsage.day, sql`date_trunc('month', current_date)::date`));
  return (month?.tokens ?? 0) < limits.monthlyTokenBudget;
}

/** Adds to the member's use today: one reply (when one was sent) and the tokens the model spent. */
export async function recordUsage(
  db: Database,
  memberId: string,
  use: { replies: number; tokens: TokenUsage | null },
): Promise<void> {
  const prompt = use.tokens?.promptTokens ?? 0;
  const completion = use.tokens?.completionTokens ?? 0;
  if (!use.replies && !prompt && !completion) return;
  await db
    .insert(coachUsage)
    .values({
      memberId,
      day: sql`current_date`,
      replies: use.replies,
      promptTokens: prompt,
      completionTokens: completion,
    })
    .onConflictDoUpdate({
      target: [coachUsage.memberId, coachUsage.day],
      set: {
        replies: sql`${coachUsage.replies} + ${use.replies}`,
        promptTokens: sql`${coachUsage.promptTokens} + ${prompt}`,
        completionTokens: sql`${coachUsage.completionTokens} + ${completion}`,
      },
    });
}
