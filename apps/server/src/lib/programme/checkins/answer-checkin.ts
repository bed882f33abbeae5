import { checkinThanks, parseCheckinAnswer, type CheckinDto, type RiskLevel } from '@app/shared';
import { memberConversationId } from '../../chat/conversations';
import { replyDeps } from '../../coach/coach-deps';
import { sendAutomationReply } from '../../coach/send-automation-reply';
import type { CoachModel } from '../../coach/model/model-types';
import { actOnCheckin, screenNote, type SafetyDeps } from './checkin-safety';
import { isMembersCheckin, openCheckin, recordCheckin } from './checkins';

/**
 * The two ways a member answers a check-in (decision 058): the check-in
 * card's buttons (POST /api/me/checkins), or a number written in the chat,
 * on the web or WhatsApp, while a check-in is open.
 */

export type AnswerOutcome =
  | { outcome: 'created'; checkin: CheckinDto; action: Awaited<ReturnType<typeof actOnCheckin>> }
  | { outcome: 'answered' }
  | { outcome: 'not_found' };

/** An answer through the API: the note screened first, the answer stored once, then what it sets off. */
export async function answerCheckin(
  deps: SafetyDeps & { model: CoachModel | null; timeoutMs: number },
  input: { userId: string; score: number; note: string | null; deliveryId: string | null; answeredByMessage: boolean },
): Promise<AnswerOutcome> {
  if (input.deliveryId && !(await isMembersCheckin(deps.db, input.userId, input.deliveryId))) {
    return { outcome: 'not_found' };
  }
  const level = await screenNote(deps, input.note);
  const recorded = await recordCheckin(deps.db, { ...input, riskLevel: level });
  if (recorded.outcome === 'answered') return recorded;
  const conversationId = await memberConversationId(deps.db, input.userId);
  const action = await actOnCheckin(deps, conversationId, {
    key: `checkin-${recorded.checkin.id}`,
    score: recorded.checkin.score,
    previousScore: recorded.previousScore,
    level,
  });
  return { outcome: 'created', checkin: recorded.checkin, action };
}

export type ChatCheckin = { checkin: CheckinDto; previousScore: number | null; level: RiskLevel };

/**
 * A member message read as the answer to the open check-in (asked in the last
 * 12 hours, unanswered): "7", or "7 long day". The message itself was screened
 * by the coach's pipeline; its level is the answer's. Null when it is not an
 * answer (no open check-in, not a number, answered already).
 */
export async function checkinFromChat(
  deps: Pick<SafetyDeps, 'db'>,
  message: { memberId: string; text: string },
  level: RiskLevel,
  now: Date,
): Promise<ChatCheckin | null> {
  const answer = parseCheckinAnswer(message.text);
  if (!answer) return null;
  const open = await openCheckin(deps.db, message.memberId, now);
  if (!open) return null;
  const recorded = await recordCheckin(deps.db, {
    userId: message.memberId,
    score: answer.score,
    note: answer.note,
    deliveryId: open.delivery_id,
    riskLevel: level,
    answeredByMessage: true,
  });
  if (recorded.outcome === 'answered') return null;
  return { checkin: recorded.checkin, previousScore: recorded.previousScore, level };
}

/**
 * After an answer in the chat (not a crisis: the pipeline has acted on that):
 * a sharp rise hands the conversation to a person, a worrying note flags it;
 * otherwise a short thanks, instead of a coaching reply.
 */
export async function checkinAnswered(deps: SafetyDeps, conversationId: string, answer: ChatCheckin): Promise<string> {
  const action = await actOnCheckin(deps, conversationId, {
    key: `checkin-${answer.checkin.id}`,
    score: answer.checkin.score,
    previousScore: answer.previousScore,
    level: answer.level,
  });
  if (action === 'handed_over' || action === 'crisis') return `check-in answered: ${action}`;
  await sendAutomationReply(replyDeps(deps), {
    conversationId,
    text: checkinThanks(answer.checkin.score),
    origin: 'scripted',
    gate: 'programme',
    clientId: `checkin-thanks-${answer.checkin.id}`,
  });
  return `check-in answered${action === 'flagged' ? ' (flagged for the team)' : ''}`;
}
