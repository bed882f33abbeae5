import type { QuickReplyButton, StepSize, StepStatus } from './programme-contract';
import type { StepAction } from './step-schemas';

/**
 * Every text a member reads about their steps (decision 058, "Step tasks"):
 * kind, plain, never blaming. A missed step is followed by a smaller one and a
 * line that says that is fine.
 */

/** A step's two parts as stored: "If <if_text>, then I will <then_text>." */
type StepParts = { if_text: string; then_text: string };

/** The plan in one sentence: "If I open my laptop, then I will take three slow breaths." */
export function stepSentence(step: StepParts): string {
  const then = step.then_text.trim().replace(/[.!]+$/, '');
  return `If ${step.if_text.trim()}, then I will ${then}.`;
}

/** What each size is called in the admin's library and the coach's view. */
export const STEP_SIZE_LABELS: Record<StepSize, string> = { 3: 'Regular', 2: 'Smaller', 1: 'Smallest' };

/** What the member's buttons say (WhatsApp allows at most 20 characters a title). */
export const STEP_ACTION_LABELS: Record<StepAction, string> = {
  accept: 'Accept',
  swap: 'Swap',
  done: 'Done',
  not_done: 'Not done',
};

/** How a finished step is described in the member's history and the coach's view. */
export const STEP_STATUS_LABELS: Record<StepStatus, string> = {
  offered: 'Offered',
  accepted: 'In progress',
  done: 'Done',
  not_done: 'Not this time',
  swapped: 'Swapped',
};

/** A quick reply's id: `step:<stepId>:<action>`. */
const stepButtonId = (stepId: string, action: StepAction) => `step:${stepId}:${action}`;

/**
 * The quick replies offered with a step: take it on or swap it while it is
 * offered, then say how it went. The id comes back as `step:<id>:<action>`.
 */
export function stepButtons(step: { id: string; status: StepStatus }): QuickReplyButton[] {
  const actions: StepAction[] =
    step.status === 'offered' ? ['accept', 'swap'] : step.status === 'accepted' ? ['done', 'not_done'] : [];
  return actions.map((action) => ({ id: stepButtonId(step.id, action), title: STEP_ACTION_LABELS[action] }));
}

/** Why the next step is offered: the first one, after a swap, after done, after not done. */
export type StepOfferReason = 'first' | 'swap' | 'done' | 'not_done';

/** The short, warm line before a newly offered step. */
export const STEP_OFFER_LINES: Record<StepOfferReason, string> = {
  first: 'Here is one small step to try.',
  swap: 'No problem, here is another one instead.',
  done: 'Well done, that counts. Here is your next small step.',
  not_done: 'That is completely fine: some days are full. Here is a smaller one to try.',
};

/** Added when the member has not chosen a focus area: their steps follow it once they do. */
export const STEP_PICK_FOCUS_LINE = 'Choose a focus area in your profile and your next steps will follow it.';

/** Asked under every offered step. */
export const STEP_OFFER_QUESTION = 'Would you like to take it on?';

/** The chat message offering a step. */
export function stepOfferMessage(step: StepParts, reason: StepOfferReason, withoutFocusArea = false): string {
  const lines = [STEP_OFFER_LINES[reason], stepSentence(step), STEP_OFFER_QUESTION];
  if (withoutFocusArea) lines.push(STEP_PICK_FOCUS_LINE);
  return lines.join('\n\n');
}

/** The answer when the member takes a step on. */
export const STEP_ACCEPTED_MESSAGE =
  'Lovely, it is yours. Tell me how it went whenever you are ready: done or not done.';

/** The kind line the dashboard shows after a step was not done (never blame). */
export const STEP_NOT_DONE_LINE = 'Not this time, and that is fine. A smaller step is often the better way in.';

/** The reminder of an open step, at the member's chosen time. */
export function stepReminderMessage(step: StepParts & { status: StepStatus }): string {
  return step.status === 'accepted'
    ? `A gentle reminder of your step: ${stepSentence(step)}\n\nHow did it go?`
    : `Your next step is waiting: ${stepSentence(step)}\n\n${STEP_OFFER_QUESTION}`;
}

/**
 * Steps for a member who has not chosen a focus area: general, kind, about
 * the working day. The first of each size is used first.
 */
export const GENERAL_STEPS: readonly (StepParts & { size: StepSize })[] = [
  { size: 3, if_text: 'I sit down to start work', then_text: 'write the one thing that would make today feel done' },
  { size: 3, if_text: 'it is lunchtime', then_text: 'step away from my screen for ten minutes' },
  { size: 3, if_text: 'I close my laptop for the day', then_text: 'write down where I will pick up tomorrow' },
  { size: 2, if_text: 'I finish a meeting', then_text: 'stand up and stretch before the next thing' },
  { size: 2, if_text: 'I make a hot drink', then_text: 'drink it away from my desk' },
  { size: 1, if_text: 'I open my laptop', then_text: 'take three slow breaths first' },
  { size: 1, if_text: 'I notice my shoulders are tense', then_text: 'let them drop and breathe out slowly' },
];

/** A step's button tapped after the step was settled (WhatsApp keeps old buttons): nothing changes, and the member is told. */
export const STEP_BUTTON_SETTLED_TEXT =
  'That step is already settled, so nothing has changed. Your current step is the latest one I sent.';
