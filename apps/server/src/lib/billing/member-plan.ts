import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  DEFAULT_PLAN_NAME,
  FREE_TRIAL_CONVERSATIONS,
  TRIAL_CONVERSATION_MS,
  findPlanByKey,
  type MemberPlanDto,
  type PlanKey,
} from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { betaSeats, planGrants, profiles, subscriptions } from '../../db/schema';

const planOf = (key: PlanKey) => findPlanByKey(key)!;

/**
 * The one answer to "which plan does this member hold" (decision 065): what decides
 * their access (lib/billing/conversation-access.ts) and what every screen shows, the
 * member's own and the coaching team's. In this order:
 *
 * 1. a live subscription (status active, period not over): The Space Pass, whatever
 *    earlier tier the row names (Starter, Growth and Summit are no longer sold);
 * 2. a plan grant in force (starts_at <= now < ends_at): its plan, until its end;
 * 3. a Free Beta Access place;
 * 4. Base Camp: basis 'trial' while the free conversation is unused or continues, else 'none'.
 *
 * The plan a member put on their profile is their choice, not what they hold, so it
 * never decides this.
 */
export async function memberPlansOf(
  db: Database | Tx,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, MemberPlanDto>> {
  const facts = await planFactsOf(db, userIds, now);
  return new Map([...facts].map(([id, f]) => [id, planFrom(f, now)]));
}

/** What decides a member's plan, as stored now: the plan follows from it (planFrom). */
export interface PlanFacts {
  subscription: {
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
    billingPeriod: 'month' | 'year' | null;
  } | null;
  /** The grant in force ending last, when two are in force at once. */
  grant: { planKey: string; endsAt: Date; source: 'offer' | 'admin' } | null;
  betaSeat: boolean;
  trialUsed: number;
  trialStartedAt: Date | null;
}

const NO_FACTS: PlanFacts = { subscription: null, grant: null, betaSeat: false, trialUsed: 0, trialStartedAt: null };

/**
 * The facts of each member's plan in one statement: their profile with the live
 * subscription and the grant in force beside it (lateral joins) and whether they
 * hold a beta place. Every send of a member's message reads it, in its transaction,
 * so it is one round trip, not one per fact. A member without a profile row has none.
 */
export async function planFactsOf(
  db: Database | Tx,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, PlanFacts>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const live = db
    .select({
      userId: subscriptions.userId,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      billingPeriod: subscriptions.billingPeriod,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, profiles.id),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .limit(1)
    .as('live_subscription');
  const inForce = db
    .select({
      userId: planGrants.userId,
      planKey: planGrants.planKey,
      endsAt: planGrants.endsAt,
      source: planGrants.source,
    })
    .from(planGrants)
    .where(and(eq(planGrants.userId, profiles.id), lte(planGrants.startsAt, now), gt(planGrants.endsAt, now)))
    .orderBy(desc(planGrants.endsAt))
    .limit(1)
    .as('grant_in_force');
  const rows = await db
    .select({
      id: profiles.id,
      trialUsed: profiles.trialConversationsUsed,
      trialStartedAt: profiles.trialConversationStartedAt,
      subscriber: live.userId,
      currentPeriodEnd: live.currentPeriodEnd,
      cancelAtPeriodEnd: live.cancelAtPeriodEnd,
      billingPeriod: live.billingPeriod,
      grantee: inForce.userId,
      grantPlanKey: inForce.planKey,
      grantEndsAt: inForce.endsAt,
      grantSource: inForce.source,
      betaSeat: sql<boolean>`exists (select 1 from ${betaSeats} where ${betaSeats.userId} = ${profiles.id})`,
    })
    .from(profiles)
    .leftJoinLateral(live, sql`true`)
    .leftJoinLateral(inForce, sql`true`)
    .where(inArray(profiles.id, ids));
  const facts = new Map<string, PlanFacts>(ids.map((id) => [id, NO_FACTS]));
  for (const row of rows) {
    facts.set(row.id, {
      subscription: row.subscriber
        ? {
            currentPeriodEnd: row.currentPeriodEnd,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
            billingPeriod: row.billingPeriod,
          }
        : null,
      grant: row.grantee ? { planKey: row.grantPlanKey!, endsAt: row.grantEndsAt!, source: row.grantSource! } : null,
      betaSeat: row.betaSeat,
      trialUsed: row.trialUsed,
      trialStartedAt: row.trialStartedAt,
    });
  }
  return facts;
}

/** The plan the facts give (the order in memberPlansOf's comment). */
export function planFrom(facts: PlanFacts, now: Date): MemberPlanDto {
  const { subscription, grant } = facts;
  if (subscription) {
    const end = subscription.currentPeriodEnd?.toISOString() ?? null;
    return {
      ...named('space_pass'),
      basis: 'subscription',
      unlimited: true,
      ends_at: subscription.cancelAtPeriodEnd ? end : null,
      renews_at: subscription.cancelAtPeriodEnd ? null : end,
      billing_period: subscription.billingPeriod,
      granted_by_team: false,
    };
  }
  if (grant) {
    return {
      ...named((findPlanByKey(grant.planKey)?.key ?? 'space_pass') as PlanKey),
      basis: 'grant',
      unlimited: true,
      ends_at: grant.endsAt.toISOString(),
      renews_at: null,
      billing_period: null,
      granted_by_team: grant.source === 'admin',
    };
  }
  if (facts.betaSeat) return { ...named('free_beta'), ...limitless(true) };
  const open =
    facts.trialUsed < FREE_TRIAL_CONVERSATIONS ||
    (facts.trialStartedAt != null && now.getTime() - facts.trialStartedAt.getTime() < TRIAL_CONVERSATION_MS);
  return { ...named('base_camp'), ...limitless(false), basis: open ? 'trial' : 'none' };
}

/** One member's plan (see memberPlansOf). */
export async function memberPlanOf(db: Database | Tx, userId: string, now = new Date()): Promise<MemberPlanDto> {
  return (await memberPlansOf(db, [userId], now)).get(userId)!;
}

function named(key: PlanKey) {
  const plan = planOf(key);
  return { key: plan.key, name: plan.key === 'base_camp' ? DEFAULT_PLAN_NAME : plan.name, badge: plan.badge };
}

function limitless(unlimited: boolean) {
  return {
    basis: unlimited ? ('beta' as const) : ('trial' as const),
    unlimited,
    ends_at: null,
    renews_at: null,
    billing_period: null,
    granted_by_team: false,
  };
}
