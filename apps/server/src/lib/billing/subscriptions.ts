import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The one rule for "this member's subscription is live": status 'active' and
 * the paid period has not ended (no end date counts as open-ended). The
 * profile's paid-plan check, the trial rule and check-subscription all use it.
 * A member has at most one subscriptions row (user_id is unique).
 */
export async function activeSubscriptionOf(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    );
  return row ?? null;
}

/** The member's subscription row, live or not (there is at most one). */
export async function subscriptionOf(db: Database, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}
