import { sql } from 'drizzle-orm';
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

/** Where the member and the service stand against the limits, for one reply. */
export interface LimitsNow {
  /** 'ok', or which of the member's limits this reply would pass. */
  member: 'ok' | 'minute' | 'day';
  /** This calendar month's tokens, every member's together, are still under the budget. */
  withinBudget: boolean;
}

/** This calendar month's tokens, every member's together. */
const monthTokensSql = sql<number>`(select coalesce(sum(${coachUsage.promptTokens} + ${coachUsage.completionTokens}), 0)
  from ${coachUsage} where ${coachUsage.day} >= date_trunc('month', current_date)::date)::int`;

/**
 * Whether the month's tokens are still under the budget: asked before the
 * programme's own model calls (a tailored step, a weekly summary), which fall
 * back to their fixed texts over it, as the coach's answers do.
 */
export async function withinTokenBudget(db: Database, limits: Pick<Limits, 'monthlyTokenBudget'>): Promise<boolean> {
  const [row] = await db.select({ monthTokens: monthTokensSql }).from(sql`(select 1) as one`);
  return (row?.monthTokens ?? 0) < limits.monthlyTokenBudget;
}

/** Every limit in one statement (read while the classifier answers: it costs the other jobs little). */
export async function limitsNow(
  db: Database,
  limits: Limits,
  member: { memberId: string; conversationId: string },
): Promise<LimitsNow> {
  const [row] = await db
    .select({
      repliesToday: sql<number>`coalesce((select ${coachUsage.replies} from ${coachUsage}
        where ${coachUsage.memberId} = ${member.memberId} and ${coachUsage.day} = current_date), 0)::int`,
      // The AI's own answers in the last minute, as written (every instance sees the same rows).
      lastMinute: sql<number>`(select count(*) from ${chatMessages}
        where ${chatMessages.conversationId} = ${member.conversationId} and ${chatMessages.authorKind} = 'automation'
          and ${chatMessages.origin} in ('model', 'scripted')
          and ${chatMessages.createdAt} >= now() - interval '1 minute')::int`,
      monthTokens: monthTokensSql,
    })
    .from(sql`(select 1) as one`);
  const { repliesToday = 0, lastMinute = 0, monthTokens = 0 } = row ?? {};
  return {
    member: repliesToday >= limits.repliesPerDay ? 'day' : lastMinute >= limits.repliesPerMinute ? 'minute' : 'ok',
    withinBudget: monthTokens < limits.monthlyTokenBudget,
  };
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
