import { and, eq, lt, sql } from 'drizzle-orm';
import { FREE_TRIAL_CONVERSATIONS, TRIAL_CONVERSATION_MS, type ConversationAccessDto } from '@app/shared';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema';
import { planFactsOf, planFrom, type PlanFacts } from './member-plan';

// How long the trial conversation lasts: the shared rule, which the demo keeps too.
export { TRIAL_CONVERSATION_MS };

export type ConversationAccess = ConversationAccessDto;

/**
 * The Trial Expired description (docs/product.md#connecting-to-the-coach), sent
 * as the error of a refused start (POST /api/me/trial-use, POST /api/me/messages)
 * so the toast can show it as is.
 */
export const TRIAL_EXPIRED_MESSAGE =
  "You've used your free trial conversation. Please choose a subscription plan to continue.";

/**
 * The one entitlement rule (decisions 023 and 065): a member may start a coach
 * conversation when subscribed, when a plan grant is in force, when holding a Free Beta Access place, or
 * while the one free trial conversation is unused or still going on.
 * `startConversation` spends the trial; this only says what applies now.
 */
export async function conversationAccess(db: Database, userId: string, now = new Date()): Promise<ConversationAccess> {
  const facts = (await planFactsOf(db, [userId], now)).get(userId)!;
  const unlimited = unlimitedBasis(facts, now);
  if (unlimited) return access(unlimited, facts.trialUsed);
  if (facts.trialUsed < FREE_TRIAL_CONVERSATIONS) return access('trial', facts.trialUsed);
  return trialContinues(facts.trialStartedAt, facts.trialUsed, now) ?? access('none', facts.trialUsed);
}

/**
 * Starts a coach conversation, or answers basis 'none' when nothing allows it.
 * The trial is spent by one conditional UPDATE, so of simultaneous first
 * starts exactly one counts (the others wait for its row lock, re-read the
 * raised counter and continue the conversation it began). The plan's facts are
 * read in one statement first: a member whose plan is unlimited, or whose trial
 * was already spent (the counter only rises), needs nothing more.
 */
export async function startConversation(db: Database, userId: string, now = new Date()): Promise<ConversationAccess> {
  const facts = (await planFactsOf(db, [userId], now)).get(userId)!;
  const unlimited = unlimitedBasis(facts, now);
  if (unlimited) return access(unlimited, facts.trialUsed);
  if (facts.trialUsed >= FREE_TRIAL_CONVERSATIONS) {
    return trialContinues(facts.trialStartedAt, facts.trialUsed, now) ?? access('none', facts.trialUsed);
  }
  const [spent] = await db
    .update(profiles)
    .set({
      trialConversationsUsed: sql`${profiles.trialConversationsUsed} + 1`,
      trialConversationStartedAt: now,
      updatedAt: now,
    })
    .where(and(eq(profiles.id, userId), lt(profiles.trialConversationsUsed, FREE_TRIAL_CONVERSATIONS)))
    .returning({ used: profiles.trialConversationsUsed });
  if (spent) return { ...access('trial', spent.used), trial_continues_until: untilFrom(now) };
  // Another start spent it between the read and the update.
  const [profile] = await db
    .select({ used: profiles.trialConversationsUsed, startedAt: profiles.trialConversationStartedAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const used = profile?.used ?? 0;
  return trialContinues(profile?.startedAt ?? null, used, now) ?? access('none', used);
}

/** What the member's plan (the one answer, lib/billing/member-plan.ts) gives without limit, if anything. */
function unlimitedBasis(facts: PlanFacts, now: Date): 'subscription' | 'grant' | 'beta' | null {
  const plan = planFrom(facts, now);
  return plan.basis === 'subscription' || plan.basis === 'grant' || plan.basis === 'beta' ? plan.basis : null;
}

const untilFrom = (start: Date) => new Date(start.getTime() + TRIAL_CONVERSATION_MS).toISOString();

function trialContinues(startedAt: Date | null, used: number, now: Date): ConversationAccess | undefined {
  if (!startedAt || now.getTime() - startedAt.getTime() >= TRIAL_CONVERSATION_MS) return undefined;
  return { ...access('trial_continues', used), trial_continues_until: untilFrom(startedAt) };
}

function access(basis: ConversationAccess['basis'], used: number): ConversationAccess {
  return {
    basis,
    can_start: basis !== 'none',
    limited: basis !== 'subscription' && basis !== 'grant' && basis !== 'beta',
    trial_conversations_used: used,
    trial_continues_until: null,
  };
}
