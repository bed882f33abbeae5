import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  STEP_ACCEPTED_MESSAGE,
  type StepAction,
  type StepActionResultDto,
  type StepDto,
  type StepStatus,
} from '@app/shared';
import { memberSteps } from '../../../db/schema';
import { insertOfferedStep, offerText, postStepMessage, prepareStep, type PreparedStep } from './offer-step';
import type { StepDeps } from './step-deps';
import { openStepOf, stepById, toStepDto } from './step-read';

/** What an action needs the step to be, and what it makes of it. */
const TRANSITIONS: Record<StepAction, { from: StepStatus[]; to: StepStatus }> = {
  accept: { from: ['offered'], to: 'accepted' },
  swap: { from: ['offered', 'accepted'], to: 'swapped' },
  // A member may say how it went without having pressed Accept first.
  done: { from: ['offered', 'accepted'], to: 'done' },
  not_done: { from: ['offered', 'accepted'], to: 'not_done' },
};

export type StepActionOutcome = ({ ok: true } & StepActionResultDto) | { ok: false; status: 404 | 409; error: string };

const NOT_FOUND = { ok: false, status: 404, error: 'Step not found' } as const;
const notOpen = (status: StepStatus) =>
  ({
    ok: false,
    status: 409,
    error: status === 'accepted' ? 'This step is already accepted' : 'This step is no longer open',
  }) as const;

/**
 * A member's action on one of their steps (decision 058), from the dashboard,
 * the web chat's buttons or a WhatsApp quick reply (`step:<id>:<action>`):
 *
 * - accept: the offered step becomes theirs; a short line says so.
 * - swap: the step is set aside (`swapped`) and another of the same size offered.
 * - done: well done, and a regular next step offered.
 * - not_done: a kind line and a smaller step than the missed one (never blame).
 *
 * The change and the next step are written in one transaction, on the
 * condition that the step is still in a state the action applies to (so two
 * presses, or the web and WhatsApp at once, change it once: the other gets a
 * 409). The next step is then posted in the member's conversation. Another
 * member's step, or none, is a 404.
 */
export async function applyStepAction(
  deps: StepDeps,
  input: { userId: string; stepId: string; action: StepAction },
): Promise<StepActionOutcome> {
  const { userId, stepId, action } = input;
  const step = await stepById(deps.db, stepId);
  if (!step || step.user_id !== userId) return NOT_FOUND;
  const transition = TRANSITIONS[action];
  if (!transition.from.includes(step.status)) return notOpen(step.status);

  // Chosen (and perhaps worded by the model) before the transaction: nothing is held while the model thinks.
  const prepared =
    action === 'accept'
      ? null
      : await prepareStep(deps, userId, {
          reason: action,
          previous: { size: step.size, templateId: step.template_id, ifText: step.if_text },
        });

  const written = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(memberSteps)
      .set({
        status: transition.to,
        ...(action === 'accept' ? { acceptedAt: sql`now()` } : { resolvedAt: sql`now()` }),
      })
      .where(
        and(eq(memberSteps.id, stepId), eq(memberSteps.userId, userId), inArray(memberSteps.status, transition.from)),
      )
      .returning();
    if (!changed) return null;
    const next = prepared ? await insertOfferedStep(tx, userId, prepared) : null;
    return { changed: toStepDto(changed, step.focus_area_label), next };
  });
  if (!written) {
    const now = await stepById(deps.db, stepId);
    return notOpen(now?.status ?? step.status);
  }

  if (action === 'accept') {
    await postStepMessage(deps, userId, {
      step: written.changed,
      text: STEP_ACCEPTED_MESSAGE,
      clientId: `step:${stepId}:accepted`,
      origin: 'scripted',
      withRef: false,
    });
    return { ok: true, step: written.changed, next: null, message: STEP_ACCEPTED_MESSAGE };
  }
  const message = await offerNext(deps, userId, written.next, prepared!);
  return { ok: true, step: written.changed, next: written.next, message };
}

/**
 * POST /api/me/steps: offers the member a first step when none is open (the
 * open one otherwise, unchanged). `created` says whether one was offered now.
 */
export async function startSteps(
  deps: StepDeps,
  userId: string,
): Promise<{ step: StepDto; created: boolean; message: string | null }> {
  const open = await openStepOf(deps.db, userId);
  if (open) return { step: open, created: false, message: null };
  const prepared = await prepareStep(deps, userId, { reason: 'first' });
  const step = await insertOfferedStep(deps.db, userId, prepared);
  // Another request offered one at the same moment: that one is theirs.
  if (!step) return { step: (await openStepOf(deps.db, userId))!, created: false, message: null };
  return { step, created: true, message: await offerNext(deps, userId, step, prepared) };
}

/** Posts the newly offered step with its kind opening line; answers that text. */
async function offerNext(deps: StepDeps, userId: string, next: StepDto | null, prepared: PreparedStep) {
  if (!next) return '';
  const text = offerText(next, prepared);
  await postStepMessage(deps, userId, {
    step: next,
    text,
    clientId: `step:${next.id}`,
    origin: next.source === 'ai' ? 'model' : 'scripted',
  });
  return text;
}
