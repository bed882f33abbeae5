/**
 * A member saying they are under 18 (the terms require adults; decision 057:
 * an under-18 is handed to a person). Reads a normalised message (normalise.ts).
 * Returns the name of the rule that fired, or null.
 *
 * Ages need care in a work product: "I'm 16 hours into this shift", "my 15 year
 * old daughter", "I manage a team of 17" are adults talking.
 */

const NUMBER_WORDS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
};

/** Words after a number that make it something other than the member's age. */
const NOT_AN_AGE = new Set([
  'hours',
  'years',
  'year',
  'yrs',
  'hour',
  'hrs',
  'minutes',
  'mins',
  'days',
  'day',
  'weeks',
  'week',
  'months',
  'month',
  'percent',
  'pounds',
  'quid',
  'times',
  'people',
  'emails',
  'tasks',
  'of',
  'out',
  'in',
  'into',
  'floors',
  'miles',
  'k',
  'weeks',
  'pm',
  'am',
  'oclock',
  'items',
  'messages',
  'meetings',
  'calls',
  'shifts',
  'points',
  'kg',
  'stone',
  'minutes',
  'on',
  'off',
  'down',
]);

const AGE = '(\\d{1,2}|' + Object.keys(NUMBER_WORDS).join('|') + ')';
/** "im 16", "im only 15", "i just turned 17", "im 16yo", "im 17 years old". */
const SAID_AGE = new RegExp(
  `\\b(im|im only|im just|i just turned|ive just turned|just turned) ${AGE}(yo)?(?: (years? old|yrs? old|yo|y o))?\\b( \\w+)?`,
  'g',
);
/** "as a 17 year old", "im a 16 year old". */
const AGED_NOUN = new RegExp(`\\b(as a|im a|im only a|im just a) ${AGE} ?(year|yr) old\\b`, 'g');
const SCHOOL =
  /\bim (in|at|still at|still in) (year (7|8|9|10|11|12|13)|sixth form|secondary school|secondary|high school)\b/;
const EXAMS = /\b(doing|sitting|revising for|got|taking) my (gcses|gcse exams|a levels|sats)\b/;

function ageValue(word: string): number {
  return NUMBER_WORDS[word] ?? Number(word);
}

const isChildAge = (age: number) => age >= 8 && age < 18;

export function under18Rule(normalised: string): string | null {
  for (const m of normalised.matchAll(SAID_AGE)) {
    const [, , age, , unitAfter, nextWord] = m;
    const next = nextWord?.trim();
    if (!unitAfter && next && NOT_AN_AGE.has(next)) continue;
    if (isChildAge(ageValue(age!))) return 'under_18_age';
  }
  for (const m of normalised.matchAll(AGED_NOUN)) if (isChildAge(ageValue(m[2]!))) return 'under_18_age';
  if (SCHOOL.test(normalised)) return 'under_18_school';
  if (EXAMS.test(normalised)) return 'under_18_exams';
  return null;
}
