import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  FREE_TRIAL_CONVERSATIONS,
  findPlanByKey,
  type AdminPlanFilter,
  type MemberBillingDto,
  type MemberPlanDto,
} from '@app/shared';
import type { Database } from '../../db/client';
import { betaSeats, planGrants, profiles, subscriptions } from '../../db/schema';
import { memberPlansOf } from '../billing/member-plan';

/**
 * Which plan a member holds, what pays for it and until when (decisions 060 and 065), read
 * for the coaching team: the plan is the one answer (lib/billing/member-plan.ts) that
 * decides access and that the member sees, so the team and the member never disagree.
 */
export async function memberBillingOf(
  db: Database,
  memberId: string,
  now = new Date(),
): Promise<MemberBillingDto | null> {
  return (await memberBillingsOf(db, [memberId], now)).get(memberId) ?? null;
}

/** The same for a page of members (the users list: at most a page's worth), in a few queries. */
export async function memberBillingsOf(
  db: Database,
  memberIds: string[],
  now = new Date(),
): Promise<Map<string, MemberBillingDto>> {
  if (memberIds.length === 0) return new Map();
  const [rows, plans] = await Promise.all([
    db
      .select({
        id: profiles.id,
        profilePlan: profiles.pricingPlan,
        trialUsed: profiles.trialConversationsUsed,
        subscription: subscriptions,
        betaSince: betaSeats.takenAt,
      })
      .from(profiles)
      .leftJoin(subscriptions, eq(subscriptions.userId, profiles.id))
      .leftJoin(betaSeats, eq(betaSeats.userId, profiles.id))
      .where(inArray(profiles.id, memberIds)),
    memberPlansOf(db, memberIds, now),
  ]);
  const billings = new Map<string, MemberBillingDto>();
  for (const row of rows) {
    const plan = plans.get(row.id)!;
    const sub = row.subscription;
    const live = sub !== null && sub.status === 'active' && (sub.currentPeriodEnd === null || sub.currentPeriodEnd > now);
    billings.set(row.id, {
      plan_name: plan.name,
      plan,
      access: accessOf(plan, row.trialUsed),
      profile_plan: row.profilePlan,
      subscription: sub
        ? {
            // An earlier tier (Starter, Growth, Summit) reads as The Space Pass (decision 065).
            tier: findPlanByKey(sub.planKey)?.name ?? sub.planKey,
            status: sub.status,
            live,
            billing_period: sub.billingPeriod,
            period_end: sub.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: sub.cancelAtPeriodEnd,
          }
        : null,
      beta_place_since: row.betaSince?.toISOString() ?? null,
      trial_conversations_used: row.trialUsed,
    });
  }
  return new Map(memberIds.flatMap((id) => (billings.has(id) ? [[id, billings.get(id)!] as const] : [])));
}

/**
 * The entitlement rule's basis (lib/billing/conversation-access.ts) from the plan: Base Camp
 * with the free conversation used yet still open is the conversation continuing.
 */
function accessOf(plan: MemberPlanDto, trialUsed: number): MemberBillingDto['access'] {
  if (plan.basis === 'trial' && trialUsed >= FREE_TRIAL_CONVERSATIONS) return 'trial_continues';
  return plan.basis;
}

/**
 * The users list's plan filter as SQL over `profiles`: the same rules as
 * lib/billing/member-plan.ts (a live subscription: status active, period not over;
 * a grant in force), so a member filtered as paying shows as paying on their card.
 */
export function planFilterSql(filter: AdminPlanFilter, now = new Date()): SQL {
  const liveSubscription = sql`exists (select 1 from ${subscriptions} where ${and(
    eq(subscriptions.userId, profiles.id),
    eq(subscriptions.status, 'active'),
    or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
  )})`;
  const grantInForce = sql`exists (select 1 from ${planGrants} where ${and(
    eq(planGrants.userId, profiles.id),
    sql`${planGrants.startsAt} <= ${now}`,
    gt(planGrants.endsAt, now),
  )})`;
  const betaPlace = sql`exists (select 1 from ${betaSeats} where ${eq(betaSeats.userId, profiles.id)})`;
  // The same order as lib/billing/member-plan.ts: subscription, grant, beta place, nothing.
  if (filter === 'paying') return liveSubscription;
  if (filter === 'granted') return sql`(${grantInForce} and not ${liveSubscription})`;
  if (filter === 'beta') return sql`(${betaPlace} and not ${liveSubscription} and not ${grantInForce})`;
  return sql`(not ${betaPlace} and not ${liveSubscription} and not ${grantInForce})`;
}
