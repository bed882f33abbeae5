import {
  formatSummaryScore,
  isQuietWeek,
  nextStepText,
  patternText,
  scriptedSummaryText,
  winText,
  type CoachMode,
  type WeeklySummaryNumbers,
} from '@app/shared';
import type { Database } from '../../../db/client';
import type { Logger } from '../../logger';
import { recordUsage, withinTokenBudget } from '../../coach/coach-limits';
import { coachMode } from '../../coach/coach-settings';
import type { ChatTurn, CoachModel } from '../../coach/model/model-types';
import { checkReply } from '../../coach/safety/reply-check';
import { inventedNumbers } from './stated-numbers';

/** A summary is a short read: the model's prose longer than this is not used. */
export const MAX_SUMMARY_CHARS = 700;
const SUMMARY_MAX_TOKENS = 250;
const SUMMARY_TEMPERATURE = 0.4;
/** Without a configured timeout (tests build their deps by hand), a summary waits this long at most. */
const DEFAULT_TIMEOUT_MS = 20_000;

export type SummaryProse = { text: string; source: 'model' | 'scripted' };

export interface SummaryProseDeps {
  db: Database;
  logger: Logger;
  coachModel: CoachModel | null;
  config: {
    coach: {
      defaultMode: CoachMode;
      model?: { timeoutMs: number } | undefined;
      limits: { monthlyTokenBudget: number };
    };
  };
}

/** The facts the model may use, as plain lines: numbers in digits, each already in the words the member reads. */
function factsFor(numbers: WeeklySummaryNumbers): string {
  const lines = [
    `check-ins this week: ${numbers.checkins}`,
    numbers.average_score === null
      ? 'average stress score: none (no check-ins)'
      : `average stress score (0 calm to 10 very stressed): ${formatSummaryScore(numbers.average_score)}`,
    numbers.score_change === null
      ? 'change against the week before: not known (do not mention it)'
      : numbers.score_change === 0
        ? 'change against the week before: the same'
        : `change against the week before: ${formatSummaryScore(Math.abs(numbers.score_change))} ${numbers.score_change < 0 ? 'lower (calmer)' : 'higher'}`,
    `steps done: ${numbers.steps_done}`,
    `steps not done: ${numbers.steps_not_done}`,
    `reflections written: ${numbers.reflections_written}`,
    `one win: ${numbers.win ? winText(numbers.win) : 'none to name'}`,
    `one pattern: ${numbers.pattern ? patternText(numbers.pattern) : 'none (not enough check-ins to see one: say nothing about patterns)'}`,
    `one next step: ${nextStepText(numbers.next_step)}`,
  ];
  if (isQuietWeek(numbers)) lines.push('this was a quiet week: say kindly that a quiet week is fine');
  return lines.join('\n');
}

const INSTRUCTIONS = [
  'You write a member’s weekly summary for Calm Space, a coaching service for stressed professionals.',
  'Write 3 to 5 short sentences in plain British English, warm and calm, speaking to the member as "you".',
  'Say the week’s check-in trend, steps done, reflections written, one win, one pattern (only if one is given) and one next step.',
  'State only the numbers given below, written in digits exactly as given; no other numbers, no dates, no scale.',
  'Never blame: a step not done is useful information, never a failing. Never name a condition or a diagnosis.',
  'No headings, no lists, no emojis. Answer with the summary only.',
].join(' ');

/**
 * The summary's prose: the model's when one is configured and the global
 * mode is not `off` (the kill switch) and the month's tokens are under the budget, and its prose states only the computed
 * numbers, passes the reply check and fits MAX_SUMMARY_CHARS; the scripted
 * writer's otherwise. Why the model's was not used is logged, never the text.
 */
export async function writeSummaryProse(
  deps: SummaryProseDeps,
  numbers: WeeklySummaryNumbers,
  log: { userId: string; weekStart: string },
): Promise<SummaryProse> {
  const scripted: SummaryProse = { text: scriptedSummaryText(numbers), source: 'scripted' };
  if (!deps.coachModel) return scripted;
  if ((await coachMode(deps.db, deps.config.coach.defaultMode)) === 'off') return scripted;
  if (!(await withinTokenBudget(deps.db, deps.config.coach.limits))) return scripted;

  const messages: ChatTurn[] = [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `The week’s facts:\n${factsFor(numbers)}` },
  ];
  const outcome = await deps.coachModel.complete({
    purpose: 'chat',
    messages,
    maxTokens: SUMMARY_MAX_TOKENS,
    temperature: SUMMARY_TEMPERATURE,
    signal: AbortSignal.timeout(deps.config.coach.model?.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  // The tokens count toward the member's use and the month's budget, used or not.
  if ('usage' in outcome) await recordUsage(deps.db, log.userId, { replies: 0, tokens: outcome.usage });
  if (outcome.kind !== 'answer') {
    deps.logger.warn({ ...log, outcome: outcome.kind }, 'weekly summary: no usable prose from the model; scripted');
    return scripted;
  }
  const text = outcome.text.trim();
  const invented = inventedNumbers(text, numbers);
  const check = checkReply(text);
  const reasons = [
    ...(invented.length ? ['invented_numbers'] : []),
    ...(check.ok ? [] : check.reasons),
    ...(text.length > MAX_SUMMARY_CHARS ? ['too_long'] : []),
  ];
  if (reasons.length) {
    deps.logger.warn({ ...log, reasons }, 'weekly summary: the model’s prose failed its check; scripted');
    return scripted;
  }
  return { text, source: 'model' };
}
