import { stepButtons, stepOfferMessage, type StepDto } from '@app/shared';
import type { Database, Tx } from '../../../db/client';
import { memberSteps } from '../../../db/schema';
import { memberConversationId } from '../../chat/conversations';
import { sendAutomationReply } from '../../coach/send-automation-reply';
import { chooseNextStep, type StepChoice } from './choose-step';
import type { StepChoiceDeps, StepDeps } from './step-deps';
import { toStepDto } from './step-read';
import { tailorStep } from './tailor-step';

/** A next step, chosen and worded, ready to be written. */
export type PreparedStep = Awaited<ReturnType<typeof prepareStep>>;

/**
 * Chooses and words the member's next step. Outside any transaction: it reads
 * the library and the member's history, and may wait on the model.
 */
export async function prepareStep(deps: StepChoiceDeps, userId: string, choice: StepChoice) {
  const chosen = await chooseNextStep(deps.db, userId, choice);
  const wording = await tailorStep(deps, userId, chosen);
  return { chosen, wording, choice };
}

/**
 * Writes the prepared step as the member's open one. Null when the member
 * already has an open step (the one-open-step index: another request offered
 * one first).
 */
export async function insertOfferedStep(
  db: Database | Tx,
  userId: string,
  prepared: PreparedStep,
): Promise<StepDto | null> {
  const { chosen, wording } = prepared;
  const [row] = await db
    .insert(memberSteps)
    .values({
      userId,
      templateId: chosen.templateId,
      ifText: wording.ifText,
      thenText: wording.thenText,
      size: chosen.size,
      focusAreaId: chosen.focusAreaId,
      source: wording.source,
      status: 'offered',
    })
    .onConflictDoNothing()
    .returning();
  return row ? toStepDto(row, chosen.focusAreaLabel) : null;
}

/** The chat text offering a prepared step. */
export const offerText = (step: StepDto, prepared: PreparedStep) =>
  stepOfferMessage(step, prepared.choice.reason, prepared.chosen.askForFocusArea);

/**
 * Posts a step (or a line about it) in the member's conversation, the way
 * every programme message goes (sendAutomationReply: WhatsApp inside the
 * 24-hour window, else the web chat; not while in crisis). `clientId` makes a
 * retry post nothing twice.
 */
export async function postStepMessage(
  deps: StepDeps,
  userId: string,
  message: { step: StepDto; text: string; clientId: string; origin: 'scripted' | 'model'; withRef?: boolean },
): Promise<void> {
  const conversationId = await memberConversationId(deps.db, userId);
  const result = await sendAutomationReply(
    { db: deps.db, realtime: deps.realtime, whatsapp: deps.whatsapp, defaultMode: deps.config.coach.defaultMode },
    {
      conversationId,
      text: message.text,
      gate: 'programme',
      // Only the message offering a step carries its ref: the web chat draws the step's buttons under it once.
      programme: message.withRef === false ? undefined : { kind: 'step', id: message.step.id },
      buttons: stepButtons(message.step),
      clientId: message.clientId,
      origin: message.origin,
    },
  );
  if (result.outcome === 'withheld') {
    deps.logger.info({ reason: result.reason, stepId: message.step.id }, 'step message withheld');
  }
}
