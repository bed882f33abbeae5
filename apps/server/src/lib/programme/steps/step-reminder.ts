import { stepButtons, stepReminderMessage } from '@app/shared';
import { users } from '../../../db/schema';
import { eq } from 'drizzle-orm';
import { insertOfferedStep, offerText, prepareStep } from './offer-step';
import type { StepChoiceDeps } from './step-deps';
import { openStepOf } from './step-read';
import type { Composed, DueItem } from '../delivery/composers';

/**
 * The step reminder at the member's chosen time (decision 058): a gentle
 * reminder of their open step with its buttons (accept or swap while it is
 * offered; done or not done once accepted), or, when none is open, their first
 * (or next) step offered. `skip` when the member is gone or a step cannot be
 * offered (another request offered one at the same moment).
 */
export async function composeStepReminder(deps: StepChoiceDeps, item: DueItem): Promise<Composed> {
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, item.userId));
  if (!member) return { skip: 'no_member' };
  const open = await openStepOf(deps.db, item.userId);
  if (open) {
    return {
      text: stepReminderMessage(open),
      programme: { kind: 'step', id: open.id },
      origin: 'scripted',
      buttons: stepButtons(open),
    };
  }
  const prepared = await prepareStep(deps, item.userId, { reason: 'first' });
  const step = await insertOfferedStep(deps.db, item.userId, prepared);
  if (!step) return { skip: 'step_offered_elsewhere' };
  return {
    text: offerText(step, prepared),
    programme: { kind: 'step', id: step.id },
    origin: step.source === 'ai' ? 'model' : 'scripted',
    buttons: stepButtons(step),
  };
}
