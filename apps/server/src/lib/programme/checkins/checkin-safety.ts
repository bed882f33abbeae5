import { eq } from 'drizzle-orm';
import { highestRisk, isCrisisLevel, type RiskLevel } from '@app/shared';
import { conversations } from '../../../db/schema';
import type { CoachDeps } from '../../coach/coach-deps';
import type { CoachModel } from '../../coach/model/model-types';
import { enterCrisis, handToHuman } from '../../coach/safety-actions';
import { classifierMessages, readClassification } from '../../coach/safety/classifier';
import { screenMessage } from '../../coach/safety/risk-screen';
import { alertTeam } from '../../coach/team-alert';
import type { Logger } from '../../logger';

/**
 * A check-in answer is screened like any message (decision 058): its note
 * through the same rules (and the model's classification when one is
 * configured); a crisis note puts the conversation in crisis (fixed help, a
 * person alerted), a worrying note flags it for the team, and a sharp rise
 * (4 points or more above the previous answer, or 9 and over with a worrying
 * note) hands it to a person. No label is ever shown to the member.
 */

export type SafetyDeps = Pick<CoachDeps, 'db' | 'realtime' | 'whatsapp' | 'config' | 'inboxUrl' | 'logger'>;

/** A rise of this much over the previous answer hands the conversation to a person. */
export const SHARP_RISE_POINTS = 4;
/** A score this high with a worrying note hands it to a person too. */
export const HIGH_SCORE = 9;

/** The note's risk level: the rules always, the model's classification when there is a model (it can only raise it). */
export async function screenNote(
  deps: { model: CoachModel | null; logger: Logger; timeoutMs: number },
  note: string | null,
): Promise<RiskLevel> {
  if (!note?.trim()) return 'none';
  const rules = screenMessage(note).level;
  if (!deps.model || isCrisisLevel(rules)) return rules;
  const outcome = await deps.model.complete({
    purpose: 'classifier',
    messages: classifierMessages(note),
    maxTokens: 100,
    temperature: 0,
    json: true,
    signal: AbortSignal.timeout(deps.timeoutMs),
  });
  const verdict = readClassification(outcome);
  if (!verdict) deps.logger.warn('programme: no model classification of a check-in note, the rules stand');
  return highestRisk(rules, verdict?.level ?? 'none');
}

export function isSharpRise(score: number, previous: number | null, level: RiskLevel): boolean {
  if (previous !== null && score - previous >= SHARP_RISE_POINTS) return true;
  return score >= HIGH_SCORE && level !== 'none';
}

/**
 * What an answer sets off, after it is stored: `crisis`, `handed_over`
 * (a sharp rise), `flagged` (a worrying note) or `none`. `key` names the
 * texts sent, so running it twice for one answer sends them once.
 */
export async function actOnCheckin(
  deps: SafetyDeps,
  conversationId: string,
  answer: { key: string; score: number; previousScore: number | null; level: RiskLevel },
): Promise<'crisis' | 'handed_over' | 'flagged' | 'none'> {
  if (answer.level !== 'none') await raiseRisk(deps, conversationId, answer.level);
  if (isCrisisLevel(answer.level)) {
    await enterCrisis(deps, conversationId, { messageId: answer.key });
    return 'crisis';
  }
  if (isSharpRise(answer.score, answer.previousScore, answer.level)) {
    await handToHuman(deps, conversationId, { by: null, messageId: answer.key });
    return 'handed_over';
  }
  if (answer.level === 'concern') {
    await alertTeam(deps, conversationId, 'review');
    return 'flagged';
  }
  return 'none';
}

/** The conversation's risk is raised to the note's, never lowered (only a coach does that). */
async function raiseRisk(deps: Pick<SafetyDeps, 'db'>, conversationId: string, level: RiskLevel) {
  const [conversation] = await deps.db
    .select({ riskLevel: conversations.riskLevel })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation) return;
  const raised = highestRisk(conversation.riskLevel, level);
  if (raised !== conversation.riskLevel) {
    await deps.db.update(conversations).set({ riskLevel: raised }).where(eq(conversations.id, conversationId));
  }
}
