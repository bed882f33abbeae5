import type { AutomationOrigin, ProgrammeKind, ProgrammeMessageRef, QuickReplyButton } from '@app/shared';
import type { AppDeps } from '../../../app-deps';
import { composeCheckin } from '../checkins/checkin-message';
import { composeStepReminder } from '../steps/step-reminder';
import { composeWeeklySummary } from '../summaries/weekly-summary-message';

/**
 * What each kind of due item says (decision 058): a composer per kind, in a
 * plain map. A kind without one is skipped with reason `not_available`.
 */
export type DueItem = { deliveryId: string; userId: string; kind: ProgrammeKind; periodKey: string; dueAt: Date };

export type Composed =
  | { text: string; programme: ProgrammeMessageRef; origin?: AutomationOrigin; buttons?: QuickReplyButton[] }
  /** Nothing to send: the reason is recorded on the due item. */
  | { skip: string };

export type ProgrammeDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'coachModel'>;

export type ProgrammeComposer = (deps: ProgrammeDeps, item: DueItem) => Promise<Composed>;

export const PROGRAMME_COMPOSERS: Partial<Record<ProgrammeKind, ProgrammeComposer>> = {
  checkin: composeCheckin,
  step_reminder: composeStepReminder,
  weekly_summary: composeWeeklySummary,
};
