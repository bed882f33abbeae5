import { eq } from 'drizzle-orm';
import { MAX_CREDITS } from '@app/shared';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema';
import { recordAudit } from './audit';

/**
 * An admin sets a member's tier directly (docs/product.md#admin-back-office): the profile's
 * plan changes and an audit row records it. No subscription or payment is
 * written: what the member pays stays whatever the payment provider says.
 * Returns null when there is no such member.
 */
export async function setPlanByAdmin(
  db: Database,
  { actorId, userId, plan }: { actorId: string; userId: string; plan: string },
): Promise<{ pricingPlan: string } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ pricingPlan: profiles.pricingPlan })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    if (!current) return null;
    if (current.pricingPlan === plan) return { pricingPlan: plan };
    await tx.update(profiles).set({ pricingPlan: plan, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await recordAudit(tx, {
      actorId,
      action: 'plan.change',
      targetUserId: userId,
      details: { before: current.pricingPlan, after: plan },
    });
    return { pricingPlan: plan };
  });
}

export type CreditsChangeResult =
  { outcome: 'changed'; before: number; after: number } | { outcome: 'not_found' } | { outcome: 'too_many' };

/**
 * Adds (delta > 0) or removes (delta < 0) credits, floored at 0 (docs/product.md#connecting-to-the-coach)
 * and capped at MAX_CREDITS. The row is locked while it is read and written,
 * so two simultaneous adjustments both count; the audit row records the
 * balance before and after.
 */
export async function adjustCreditsByAdmin(
  db: Database,
  { actorId, userId, delta }: { actorId: string; userId: string; delta: number },
): Promise<CreditsChangeResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ credits: profiles.credits })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    if (!current) return { outcome: 'not_found' };
    const after = Math.max(0, current.credits + delta);
    if (after > MAX_CREDITS) return { outcome: 'too_many' };
    // Removing credits from an empty balance changes nothing, so nothing is recorded.
    if (after === current.credits) return { outcome: 'changed', before: after, after };
    await tx.update(profiles).set({ credits: after, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await recordAudit(tx, {
      actorId,
      action: 'credits.change',
      targetUserId: userId,
      details: { delta, before: current.credits, after },
    });
    return { outcome: 'changed', before: current.credits, after };
  });
}
