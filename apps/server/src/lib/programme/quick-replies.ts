import { STEP_ACTIONS, STEP_BUTTON_SETTLED_TEXT, checkinThanks, type StepAction } from '@app/shared';
import { replyDeps } from '../coach/coach-deps';
import type { CoachModel } from '../coach/model/model-types';
import { sendAutomationReply } from '../coach/send-automation-reply';
import { answerCheckin } from './checkins/answer-checkin';
import type { SafetyDeps } from './checkins/checkin-safety';
import type { ProgrammeDeps } from './delivery/composers';
import { sendWaitingProgrammeMessage } from './channels/whatsapp-reopen';
import { applyStepAction } from './steps/step-actions';

/**
 * WhatsApp's quick replies (decision 058): a tapped reply button
 * (`interactive.button_reply`) or template button (`button`) comes back with
 * the id or payload we put on it, dispatched here by its prefix (the part
 * before the first `:`), in a plain map:
 *
 * - `checkin:<due item id>:<score>`: the check-in's answer;
 * - `programme:open:<message id>`: the programme template's button, which
 *   reopened the window: the programme message it announced is sent now;
 * - `step:<step id>:<action>`: a step's accept, swap, done or not done
 *   (`applyStepAction`, lib/programme/steps/step-actions.ts).
 *
 * Only the member's own taps are dispatched (a contact linked to a member),
 * and a handler runs again safely (the outbox may process an event twice).
 */
export interface QuickReplyDeps extends SafetyDeps {
  model: CoachModel | null;
  timeoutMs: number;
  /** What the programme's own parts take (a step action, a composer): the app's config, not only the coach's. */
  programme: ProgrammeDeps;
}

export type QuickReply = {
  memberId: string;
  conversationId: string;
  contactId: string;
  /** The stored message of the tap. */
  messageId: string;
  /** The id after its prefix. */
  rest: string;
};

export type QuickReplyHandler = (deps: QuickReplyDeps, reply: QuickReply) => Promise<string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function checkinReply(deps: QuickReplyDeps, reply: QuickReply): Promise<string> {
  const [deliveryId, scoreText] = reply.rest.split(':');
  const score = Number(scoreText);
  if (!deliveryId || !UUID.test(deliveryId) || !/^(10|[0-9])$/.test(scoreText ?? '')) return 'check-in reply: not ours';
  // The tap is a stored message of its own: that is the day's activity (answeredByMessage).
  const answered = await answerCheckin(deps, {
    userId: reply.memberId,
    score,
    note: null,
    deliveryId,
    answeredByMessage: true,
  });
  if (answered.outcome !== 'created') return `check-in reply: ${answered.outcome}`;
  if (answered.action === 'none' || answered.action === 'flagged') {
    await sendAutomationReply(replyDeps(deps), {
      conversationId: reply.conversationId,
      text: checkinThanks(score),
      origin: 'scripted',
      gate: 'programme',
      clientId: `checkin-thanks-${answered.checkin.id}`,
    });
  }
  return `check-in answered (${answered.action})`;
}

async function stepReply(deps: QuickReplyDeps, reply: QuickReply): Promise<string> {
  const [stepId, action] = reply.rest.split(':');
  if (!stepId || !UUID.test(stepId) || !isStepAction(action)) return 'step reply: not ours';
  const outcome = await applyStepAction(
    { ...deps.programme, realtime: deps.realtime, whatsapp: deps.whatsapp },
    { userId: reply.memberId, stepId, action },
  );
  if (outcome.ok) return `step ${action}`;
  // An old button (the step already answered, or swapped): say so, kindly, rather than nothing.
  await sendAutomationReply(replyDeps(deps), {
    conversationId: reply.conversationId,
    text: STEP_BUTTON_SETTLED_TEXT,
    origin: 'scripted',
    gate: 'programme',
    clientId: `step-reply-${reply.messageId}`,
  });
  return `step reply: ${outcome.status}`;
}

const isStepAction = (value: string | undefined): value is StepAction =>
  (STEP_ACTIONS as readonly string[]).includes(value ?? '');

async function programmeReply(deps: QuickReplyDeps, reply: QuickReply): Promise<string> {
  const [action, messageId] = reply.rest.split(':');
  if (action !== 'open' || !messageId || !UUID.test(messageId)) return 'programme reply: not ours';
  return sendWaitingProgrammeMessage(deps, { ...reply, waitingMessageId: messageId });
}

export const QUICK_REPLY_HANDLERS: Record<string, QuickReplyHandler> = {
  checkin: checkinReply,
  programme: programmeReply,
  step: stepReply,
};

/** The handler a quick reply's id names, or null (not one of ours: the tap is an ordinary message). */
export function quickReplyHandler(id: string): { handler: QuickReplyHandler; rest: string } | null {
  const colon = id.indexOf(':');
  if (colon <= 0) return null;
  const handler = QUICK_REPLY_HANDLERS[id.slice(0, colon)];
  return handler ? { handler, rest: id.slice(colon + 1) } : null;
}
