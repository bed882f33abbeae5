import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
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

/** Whether the reads run in a transaction (drizzle's transaction alone can roll back). */
const isTransaction = (db: Database | Tx): db is Tx => 'rollback' in db;

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
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const subsRead = db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.userId, ids),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    );
  // The grant ending last wins when two are in force at once.
  const grantsRead = db
    .select()
    .from(planGrants)
    .where(and(inArray(planGrants.userId, ids), lte(planGrants.startsAt, now), gt(planGrants.endsAt, now)))
    .orderBy(desc(planGrants.endsAt));
  const seatsRead = db.select({ userId: betaSeats.userId }).from(betaSeats).where(inArray(betaSeats.userId, ids));
  const trialsRead = db
    .select({
      id: profiles.id,
      used: profiles.trialConversationsUsed,
      startedAt: profiles.trialConversationStartedAt,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  // A query builder runs when awaited. A transaction holds one connection, so its reads go one after
  // another: pg queues parallel ones on a client with a warning, and pg 9 refuses them.
  const [subs, grants, seats, trials] = isTransaction(db)
    ? [await subsRead, await grantsRead, await seatsRead, await trialsRead]
    : await Promise.all([subsRead, grantsRead, seatsRead, trialsRead]);
  const subBy = new Map(subs.map((s) => [s.userId, s]));
  const grantBy = new Map<string, (typeof grants)[number]>();
  for (const g of grants) if (!grantBy.has(g.userId)) grantBy.set(g.userId, g);
  const seatHolders = new Set(seats.map((s) => s.userId));
  const trialBy = new Map(trials.map((t) => [t.id, t]));

  const plans = new Map<string, MemberPlanDto>();
  for (const id of ids) {
    const sub = subBy.get(id);
    const grant = grantBy.get(id);
    if (sub) {
      const end = sub.currentPeriodEnd?.toISOString() ?? null;
      plans.set(id, {
        ...named('space_pass'),
        basis: 'subscription',
        unlimited: true,
        ends_at: sub.cancelAtPeriodEnd ? end : null,
        renews_at: sub.cancelAtPeriodEnd ? null : end,
        billing_period: sub.billingPeriod,
        granted_by_team: false,
      });
    } else if (grant) {
      plans.set(id, {
        ...named((findPlanByKey(grant.planKey)?.key ?? 'space_pass') as PlanKey),
        basis: 'grant',
        unlimited: true,
        ends_at: grant.endsAt.toISOString(),
        renews_at: null,
        billing_period: null,
        granted_by_team: grant.source === 'admin',
      });
    } else if (seatHolders.has(id)) {
      plans.set(id, { ...named('free_beta'), ...limitless(true) });
    } else {
      const trial = trialBy.get(id);
      const open =
        (trial?.used ?? 0) < FREE_TRIAL_CONVERSATIONS ||
        (trial?.startedAt != null && now.getTime() - trial.startedAt.getTime() < TRIAL_CONVERSATION_MS);
      plans.set(id, { ...named('base_camp'), ...limitless(false), basis: open ? 'trial' : 'none' });
    }
  }
  return plans;
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
