import type { WeeklySummaryNumbers } from '@app/shared';

/**
 * The numbers a piece of prose states, digits and number words alike, so a
 * model's summary can be held to the numbers computed in code.
 *
 * "one" is left out on purpose: the summary's own shape says "one win, one
 * pattern, one next step", and "one" is as often a pronoun ("the hardest
 * one") as a count. The prompt asks for digits for every count, so a count
 * of one is still checked when it is written as "1".
 */
const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  no: 0,
  none: 0,
  two: 2,
  twice: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  half: 0.5,
  double: 2,
};

/** Words like "no" and "none" are a number only before something counted; elsewhere they are just words. */
const ONLY_BEFORE_A_COUNT = new Set(['no', 'none', 'half', 'double']);
const COUNTED = /^(check ?-?ins?|steps?|reflections?|times?|days?|points?|entries|answers?|scores?)\b/;

/** Every number the text states: digits (with decimals) and number words. */
export function statedNumbers(text: string): number[] {
  const found: number[] = [];
  const normalised = text.toLowerCase().replace(/[‐-―]/g, '-');
  for (const match of normalised.matchAll(/\d+(?:\.\d+)?/g)) found.push(Number(match[0]));
  for (const match of normalised.matchAll(/\b[a-z]+\b/g)) {
    const word = match[0];
    const value = NUMBER_WORDS[word];
    if (value === undefined) continue;
    if (ONLY_BEFORE_A_COUNT.has(word)) {
      const after = normalised.slice(match.index + word.length).replace(/^[\s-]+/, '');
      if (!COUNTED.test(after)) continue;
    }
    found.push(value);
  }
  return found;
}

/**
 * The numbers a summary may state: each count and score computed for the
 * week (a change as its size: "1.5 lower"), and any number inside the step
 * texts it names (a step may be "walk for 10 minutes").
 */
export function allowedNumbers(numbers: WeeklySummaryNumbers): Set<number> {
  const allowed = new Set<number>([
    numbers.checkins,
    numbers.steps_done,
    numbers.steps_not_done,
    numbers.reflections_written,
  ]);
  if (numbers.average_score !== null) allowed.add(numbers.average_score);
  if (numbers.score_change !== null) allowed.add(Math.abs(numbers.score_change));
  const stepTexts = [numbers.next_step, numbers.win?.kind === 'step_done' ? numbers.win.then_text : null];
  for (const text of stepTexts) if (text) for (const n of statedNumbers(text)) allowed.add(n);
  return allowed;
}

/** The numbers the text states that were not computed (empty: the prose agrees with the numbers). */
export function inventedNumbers(text: string, numbers: WeeklySummaryNumbers): number[] {
  const allowed = allowedNumbers(numbers);
  return statedNumbers(text).filter((n) => !allowed.has(n));
}
