import type { IsoWeekday, WeeklySummaryNumbers, WeeklySummaryPattern, WeeklySummaryWin } from './programme-contract';

/**
 * The weekly summary's words (decision 058, "Weekly summaries"): the scripted
 * writer the server sends when no model writes the prose (or the model's
 * prose fails its check), and the labels the web card shows beside the
 * numbers. Warm, short, plain British English; it never blames (a step not
 * done is information, not a failing) and never names a condition.
 */

export const WEEKDAY_NAMES: Record<IsoWeekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** A score as the summary says it: one decimal, none when it is whole ("5", "5.5"). */
export function formatSummaryScore(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

const times = (n: number) => (n === 1 ? '1 time' : `${n} times`);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Nothing to count: no check-in, no step resolved, no reflection. */
export function isQuietWeek(numbers: WeeklySummaryNumbers): boolean {
  return (
    numbers.checkins === 0 &&
    numbers.steps_done === 0 &&
    numbers.steps_not_done === 0 &&
    numbers.reflections_written === 0
  );
}

function checkinLine(n: WeeklySummaryNumbers): string | null {
  if (n.checkins === 0 || n.average_score === null) return null;
  const base = `You checked in ${times(n.checkins)}, with an average stress score of ${formatSummaryScore(n.average_score)}`;
  if (n.score_change === null) return `${base}.`;
  if (Math.abs(n.score_change) < 0.05) return `${base}, about the same as the week before.`;
  const size = formatSummaryScore(Math.abs(n.score_change));
  return n.score_change < 0
    ? `${base}, ${size} lower than the week before.`
    : `${base}, ${size} higher than the week before, so go gently with yourself this week.`;
}

function stepsLine(n: WeeklySummaryNumbers): string | null {
  if (n.steps_done === 0 && n.steps_not_done === 0) return null;
  if (n.steps_not_done === 0) return `You did ${plural(n.steps_done, 'step', 'steps')}.`;
  const notDone = `${plural(n.steps_not_done, 'step', 'steps')} didn’t happen, which simply tells us what to make smaller`;
  return n.steps_done === 0 ? `${notDone}.` : `You did ${plural(n.steps_done, 'step', 'steps')}, and ${notDone}.`;
}

function reflectionsLine(n: WeeklySummaryNumbers): string | null {
  if (n.reflections_written === 0) return null;
  return `You wrote ${plural(n.reflections_written, 'reflection', 'reflections')}.`;
}

/** The win in words (no numbers of its own: the counts are said above). */
export function winText(win: WeeklySummaryWin): string {
  switch (win.kind) {
    case 'step_done':
      return `you followed through on “${win.then_text}”.`;
    case 'calmest_day':
      return `${WEEKDAY_NAMES[win.weekday]} was your calmest day.`;
    case 'reflections':
      return 'you made time to reflect.';
    case 'checked_in':
      return 'you kept checking in with yourself.';
  }
}

export function patternText(pattern: WeeklySummaryPattern): string {
  switch (pattern.kind) {
    case 'easing':
      return 'your stress eased as the week went on.';
    case 'rising':
      return 'your stress built up as the week went on, so the end of the week may need a little more care.';
    case 'highest_day':
      return `stress tended to be highest on ${WEEKDAY_NAMES[pattern.weekday]}.`;
  }
}

export function nextStepText(nextStep: string | null | undefined): string {
  return nextStep
    ? `“${nextStep}”.`
    : 'pick one small step for the coming week. Ask me in the chat and I’ll suggest one.';
}

/**
 * The scripted summary: says exactly the computed numbers, nothing else
 * (the tests read every number back out of it). A quiet week is fine.
 */
export function scriptedSummaryText(numbers: WeeklySummaryNumbers): string {
  const paragraphs: string[] = [];
  if (isQuietWeek(numbers)) {
    paragraphs.push(
      'A quiet week is fine. There was nothing to add up this time, and nothing you needed to do. When you feel like it, one check-in is a gentle place to start again.',
    );
  } else {
    paragraphs.push(
      ['Here’s a look back at your week.', checkinLine(numbers), stepsLine(numbers), reflectionsLine(numbers)]
        .filter(Boolean)
        .join(' '),
    );
    if (numbers.win) paragraphs.push(`One win: ${winText(numbers.win)}`);
    if (numbers.pattern) paragraphs.push(`One pattern: ${patternText(numbers.pattern)}`);
  }
  paragraphs.push(`One next step: ${nextStepText(numbers.next_step)}`);
  return paragraphs.join('\n\n');
}
