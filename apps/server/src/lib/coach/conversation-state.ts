import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AutomationState } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { conversations } from '../../db/schema';
import type { RealtimeHub } from '../realtime/hub';

/**
 * Who answers a conversation (decision 057): `on` (the AI, per the global
 * mode), `paused` (by a coach), `handed_to_human`, `crisis`. Every change goes
 * through here, so the inbox's urgent flag, the risk reset and the live event
 * can never be forgotten by one caller.
 */

export interface StateChange {
  conversationId: string;
  to: AutomationState;
  /** The coach who changed it; null for the system (a crisis, the member's own request). */
  changedBy: string | null;
  /**
   * Change only from these states (checked in the same statement, so two
   * changes racing cannot both win). Omitted: from any state except `crisis`,
   * which only `leaveCrisis` (a coach) ends.
   */
  from?: readonly AutomationState[];
}

const LEAVABLE_WITHOUT_A_COACH: readonly AutomationState[] = ['on', 'paused', 'handed_to_human'];

/**
 * Sets the state in one conditional UPDATE; answers the state now, and whether
 * this call changed it (false when the conversation was not in a `from` state;
 * null when there is no such conversation). Entering `crisis` sets the urgent
 * flag; leaving it (only with `from` naming `crisis`) clears the flag and the
 * risk seen so far. Publishes the change once committed (pass `tx` and publish
 * yourself with `publishState` when it is part of a larger transaction).
 */
export async function changeAutomationState(
  deps: { db: Database; realtime: Pick<RealtimeHub, 'publish'> },
  change: StateChange,
): Promise<{ changed: boolean; state: AutomationState } | null> {
  const result = await changeAutomationStateIn(deps.db, change);
  if (result?.changed) await publishState(deps, change.conversationId, result.state);
  return result;
}

/** The UPDATE of changeAutomationState, in the caller's transaction; the caller publishes. */
export async function changeAutomationStateIn(
  db: Database | Tx,
  change: StateChange,
): Promise<{ changed: boolean; state: AutomationState } | null> {
  const from = change.from ?? LEAVABLE_WITHOUT_A_COACH;
  const leavingCrisis = change.to !== 'crisis' && from.includes('crisis');
  const [updated] = await db
    .update(conversations)
    .set({
      automationState: change.to,
      automationStateChangedAt: sql`now()`,
      automationStateChangedBy: change.changedBy,
      ...(change.to === 'crisis' && { urgentSince: sql`coalesce(${conversations.urgentSince}, now())` }),
      ...(leavingCrisis && { urgentSince: null, riskLevel: 'none' as const, riskCategories: [] }),
    })
    .where(and(eq(conversations.id, change.conversationId), inArray(conversations.automationState, [...from])))
    .returning({ state: conversations.automationState });
  if (updated) return { changed: true, state: updated.state };
  const [current] = await db
    .select({ state: conversations.automationState })
    .from(conversations)
    .where(eq(conversations.id, change.conversationId));
  return current ? { changed: false, state: current.state } : null;
}

export async function publishState(
  deps: { realtime: Pick<RealtimeHub, 'publish'> },
  conversationId: string,
  state: AutomationState,
): Promise<void> {
  await deps.realtime.publish({ kind: 'automation', conversation_id: conversationId, state });
}

/** The state now, or null when there is no such conversation. */
export async function automationStateOf(db: Database | Tx, conversationId: string): Promise<AutomationState | null> {
  const [row] = await db
    .select({ state: conversations.automationState })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.state ?? null;
}
