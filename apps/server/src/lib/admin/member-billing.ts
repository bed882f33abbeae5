import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PLAN_NAME, findPlanByKey, type AdminPlanFilter, type MemberBillingDto } from '@app/shared';
import type { Database } from '../../db/client';
import { betaSeats, profiles, subscriptions } from '../../db/schema';
import { conversationAccess } from '../billing/conversation-access';

/**
 * Which plan a member holds, what pays for it and until when (decision 060), read
 * for the coaching team. Built on the entitlement rule (conversationAccess) and the
 * subscription and beta-place rows; the one place the admin screens ask, so a
 * later single answer to "which plan does this member hold" replaces this file alone.
 */
export async function memberBillingOf(
  db: Database,
  memberId: string,
  now = new Date(),
): Promise<MemberBillingDto | null> {
  const [[row], access] = await Promise.all([
    db
      .select({ profilePlan: profiles.pricingPlan, subscription: subscriptions, betaSince: betaSeats.takenAt })
      .from(profiles)
      .leftJoin(subscriptions, eq(subscriptions.userId, profiles.id))
      .leftJoin(betaSeats, eq(betaSeats.userId, profiles.id))
      .where(eq(profiles.id, memberId)),
    conversationAccess(db, memberId, now),
  ]);
  if (!row) return null;
  const sub = row.subscription;
  const live = sub !== null && sub.status === 'active' && (sub.currentPeriodEnd === null || sub.currentPeriodEnd > now);
  const tier = sub ? (findPlanByKey(sub.planKey)?.name ?? sub.planKey) : null;
  return {
    // docs/product.md#plans-and-their-names: the live subscription's tier, the profile's plan, Base Camp.
    plan_name: live && tier ? tier : row.profilePlan || DEFAULT_PLAN_NAME,
    access: access.basis,
    profile_plan: row.profilePlan,
    subscription: sub
      ? {
          tier: tier!,
          status: sub.status,
          live,
          billing_period: sub.billingPeriod,
          period_end: sub.currentPeriodEnd?.toISOString() ?? null,
          cancel_at_period_end: sub.cancelAtPeriodEnd,
        }
      : null,
    beta_place_since: row.betaSince?.toISOString() ?? null,
    trial_conversations_used: access.trial_conversations_used,
  };
}

/** The same for a page of members (the users list: at most a page's worth), in the ids' order. */
export async function memberBillingsOf(db: Database, memberIds: string[], now = new Date()) {
  const billings = await Promise.all(memberIds.map((id) => memberBillingOf(db, id, now)));
  return new Map(memberIds.map((id, i) => [id, billings[i]!] as const));
}

/**
 * The users list's plan filter as SQL over `profiles`: the same live-subscription
 * rule as lib/billing/subscriptions.ts (status active, period not over), so a
 * member filtered as paying shows as paying on their card.
 */
export function planFilterSql(filter: AdminPlanFilter, now = new Date()): SQL {
  const liveSubscription = sql`exists (select 1 from ${subscriptions} where ${and(
    eq(subscriptions.userId, profiles.id),
    eq(subscriptions.status, 'active'),
    or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
  )})`;
  const betaPlace = sql`exists (select 1 from ${betaSeats} where ${eq(betaSeats.userId, profiles.id)})`;
  if (filter === 'paying') return liveSubscription;
  if (filter === 'beta') return sql`(${betaPlace} and not ${liveSubscription})`;
  return sql`(not ${betaPlace} and not ${liveSubscription})`;
}
