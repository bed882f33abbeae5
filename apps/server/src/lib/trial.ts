import { and, eq, lt, sql } from 'drizzle-orm';
import { FREE_TRIAL_CONVERSATIONS, findPlanByKey } from '@app/shared';
import type { Database } from '../db/client';
import { profiles } from '../db/schema';
import { activeSubscriptionOf } from './subscriptions';

const FREE_BETA_PLAN_NAME = findPlanByKey('free_beta')!.name;

export type TrialUseResult =
  | { outcome: 'unlimited'; trialConversationsUsed: number }
  | { outcome: 'counted'; trialConversationsUsed: number }
  | { outcome: 'expired' };

/**
 * Starting a coach conversation (docs/product.md#connecting-to-the-coach): subscribers and Free
 * Beta Access members are not limited and nothing is counted. Everyone else
 * has FREE_TRIAL_CONVERSATIONS; the counter rises in one conditional UPDATE,
 * so two simultaneous calls cannot both pass the check (the second waits for
 * the row lock, re-reads the raised counter and matches no row).
 */
export async function spendTrialConversation(db: Database, userId: string): Promise<TrialUseResult> {
  const [subscription, [profile]] = await Promise.all([
    activeSubscriptionOf(db, userId),
    db
      .select({ pricingPlan: profiles.pricingPlan, used: profiles.trialConversationsUsed })
      .from(profiles)
      .where(eq(profiles.id, userId)),
  ]);
  if (profile && (subscription || profile.pricingPlan === FREE_BETA_PLAN_NAME)) {
    return { outcome: 'unlimited', trialConversationsUsed: profile.used };
  }
  const [row] = await db
    .update(profiles)
    .set({ trialConversationsUsed: sql`${profiles.trialConversationsUsed} + 1`, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), lt(profiles.trialConversationsUsed, FREE_TRIAL_CONVERSATIONS)))
    .returning({ used: profiles.trialConversationsUsed });
  return row ? { outcome: 'counted', trialConversationsUsed: row.used } : { outcome: 'expired' };
}
