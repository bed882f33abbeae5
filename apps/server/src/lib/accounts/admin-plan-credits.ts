import { and, eq, gt, sql } from 'drizzle-orm';
import { MAX_CREDITS, type AdminPlanInput, type MemberPlanDto } from '@app/shared';
import type { Database } from '../../db/client';
import { planGrants, profiles } from '../../db/schema';
import { memberPlanOf } from '../billing/member-plan';
import { recordAudit } from './audit';

const DAY_MS = 24 * 60 * 60_000;

/**
 * An admin gives a member The Space Pass for a number of days, or takes back what admins
 * gave (Base Camp), decision 065: a plan grant with an end date (lib/billing/member-plan.ts
 * reads it) and an audit row. A new grant replaces the admin grant in force; the offer's
 * grant and any subscription are left as they are, so what the member pays stays whatever
 * the payment provider says. Returns the member's plan, or null when there is no such member.
 */
export async function setPlanByAdmin(
  db: Database,
  { actorId, userId, input, now = new Date() }: { actorId: string; userId: string; input: AdminPlanInput; now?: Date },
): Promise<MemberPlanDto | null> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!member) return null;
    const before = await memberPlanOf(tx, userId, now);
    // What admins gave and is still in force ends now; a grant not yet begun is withdrawn with it.
    const inForce = and(eq(planGrants.userId, userId), eq(planGrants.source, 'admin'), gt(planGrants.endsAt, now));
    const ended = await tx
      .update(planGrants)
      .set({ endsAt: sql`greatest(${planGrants.startsAt}, ${now})` })
      .where(inForce)
      .returning({ id: planGrants.id });
    let endsAt: Date | null = null;
    if (input.pricing_plan === 'The Space Pass') {
      endsAt = new Date(now.getTime() + input.days * DAY_MS);
      await tx
        .insert(planGrants)
        .values({ userId, planKey: 'space_pass', source: 'admin', startsAt: now, endsAt, grantedBy: actorId });
    } else if (ended.length === 0) {
      // Nothing an admin gave was in force: nothing changed, nothing to record.
      return before;
    }
    const after = await memberPlanOf(tx, userId, now);
    await recordAudit(tx, {
      actorId,
      action: 'plan.change',
      targetUserId: userId,
      details: {
        before: before.name,
        after: after.name,
        granted: input.pricing_plan === 'The Space Pass' ? `The Space Pass for ${input.days} days` : 'nothing',
        ends_at: endsAt?.toISOString() ?? null,
      },
    });
    return after;
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
