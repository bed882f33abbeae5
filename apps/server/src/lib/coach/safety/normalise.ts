/**
 * Brings a member's message to one plain form before the risk rules read it,
 * so the rules can be written once: lower case, straight quotes, apostrophes
 * dropped ("can't" → "cant", "I'm" → "im"), contractions and text-speak spelled
 * one way ("kms" → "kill myself", "unalive" → "kill", "2nite" → "tonight"),
 * common misspellings fixed, and digits used as letters read as letters
 * ("su1c1de"). Everything that is not a letter, digit or clause mark becomes a
 * space.
 *
 * Stretched letters ("dieeee", "killlll") are handled by the caller reading
 * two versions (see `stretchedVariants`): squeezing every run to one letter
 * would break "kill", squeezing to two would keep "diee".
 */

/** Whole-word replacements, applied in order after apostrophes are dropped. */
const WORD_REPLACEMENTS: readonly [RegExp, string][] = [
  // Text-speak and euphemisms for suicide and self-harm (research 6.2: method and slang words matter).
  [/\bkms\b/g, 'kill myself'],
  [/\bkmsf\b/g, 'kill myself'],
  [/\bunalive\b/g, 'kill'],
  [/\bunaliving\b/g, 'killing'],
  [/\bsewer ?slide\b/g, 'suicide'],
  [/\b(suicde|sucide|suicid|suiside|suacide)\b/g, 'suicide'],
  [/\b(sucidal|suicdal|suisidal|suicidle)\b/g, 'suicidal'],
  [/\bself ?harm/g, 'self harm'],
  [/\bselfharm/g, 'self harm'],
  [/\b(myslef|myslf|mysef|myselff|meself|my self)\b/g, 'myself'],
  [/\bkil\b/g, 'kill'],
  [/\bkillin\b/g, 'killing'],
  [/\bdieing\b/g, 'dying'],
  [/\bod(ing|d|ed)?\b/g, 'overdose'],
  [/\boverdosing\b/g, 'overdose'],
  // Spoken forms.
  [/\b(wanna|wana)\b/g, 'want to'],
  [/\b(gonna|gunna)\b/g, 'going to'],
  [/\b(imma|ima)\b/g, 'im going to'],
  [/\bwnt\b/g, 'want'],
  [/\bidk\b/g, 'i dont know'],
  [/\brn\b/g, 'right now'],
  [/\b(2nite|2night|tonite|tn)\b/g, 'tonight'],
  [/\b(2moro|2morrow|2mrw|tmrw|tmr|tomoz|tomorow|tommorow|tommorrow)\b/g, 'tomorrow'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\b(cnt|cannot|can not)\b/g, 'cant'],
  [/\bdnt\b/g, 'dont'],
  [/\bdo not\b/g, 'dont'],
  [/\bdoes not\b/g, 'doesnt'],
  [/\bwill not\b/g, 'wont'],
  [/\bwould not\b/g, 'wouldnt'],
  [/\bdid not\b/g, 'didnt'],
  [/\bhave not\b/g, 'havent'],
  [/\bis not\b/g, 'isnt'],
  [/\bi m\b/g, 'im'],
  [/\bi am\b/g, 'im'],
  [/\bi have\b/g, 'ive'],
  [/\bi would\b/g, 'id'],
  [/\bi will\b/g, 'ill'],
];

/** A digit inside a word read as the letter it stands for ("k1ll", "d13"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** Tokens that mix letters and digits but are not disguised words: ages, times, amounts ("16yo", "9am", "30mg"). */
const NUMBER_WITH_UNIT = /^\d+(yo|yrs?|y|am|pm|k|m|s|th|st|nd|rd|h|hrs?|mins?|mg|g|ml|x)?$/;

function readLeet(token: string): string {
  if (!/[a-z]/.test(token) || !/[0-9@$]/.test(token) || NUMBER_WITH_UNIT.test(token)) return token;
  return token.replace(/[0-9@$]/g, (c) => LEET[c] ?? c);
}

export function normalise(text: string): string {
  let t = text.normalize('NFKC').toLowerCase();
  // Curly quotes and the apostrophe-like marks phones insert, then drop apostrophes altogether.
  t = t.replace(/[\u2018\u2019\u201B\u2032\u00B4`]/g, "'").replace(/[\u201C\u201D\u201F\u2033]/g, '"');
  t = t.replace(/'/g, '');
  // Dashes inside words ("self-harm", "17-year-old") read as spaces.
  t = t.replace(/[-\u2010-\u2015_]/g, ' ');
  t = t.split(/\s+/).map(readLeet).join(' ');
  // Keep clause marks (the negation and third-party checks stay inside one clause); drop other symbols.
  t = t.replace(/[^a-z0-9.,!?;:\n ]/g, ' ');
  for (const [pattern, replacement] of WORD_REPLACEMENTS) t = t.replace(pattern, replacement);
  return t.replace(/[ \t]+/g, ' ').trim();
}

/** The two readings of stretched letters: runs of three or more cut to two ("killlll" → "kill"), and to one ("dieee" → "die"). */
export function stretchedVariants(normalised: string): string[] {
  const toTwo = normalised.replace(/([a-z])\1{2,}/g, '$1$1');
  const toOne = normalised.replace(/([a-z])\1{2,}/g, '$1');
  return toTwo === toOne ? [toTwo] : [toTwo, toOne];
}
