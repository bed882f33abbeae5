import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations as englishTranslations } from '@zxcvbn-ts/language-en';
import { MIN_PASSWORD_SCORE, passwordUserInputs, weakPasswordMessage, type PasswordOwner } from './passwords';

/**
 * The password strength estimator (zxcvbn-ts with its common and English
 * dictionaries). Heavy (about a megabyte of word lists), so it is NOT exported
 * from the package index: the server imports this file directly, the web app
 * loads it with import() when a new-password field is first used.
 */

export interface PasswordVerdict {
  ok: boolean;
  /** 0–4; MIN_PASSWORD_SCORE and up is strong enough. */
  score: number;
  /** Why it is refused, in plain words; undefined when ok. */
  message?: string;
}

const translations = {
  ...englishTranslations,
  warnings: {
    ...englishTranslations.warnings,
    // The stock wording ("personal or page related data") is jargon to a member.
    userInputs: 'It contains your name, your email or the name of this site.',
  },
};

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: building the dictionaries costs a few hundred milliseconds. */
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    // Both bound the work per check, which runs on the server's event loop:
    // with the defaults (100 l33t variants, 256 characters) a crafted 128-character
    // password took seconds. Past 64 characters length alone is protection enough.
    l33tMaxSubstitutions: 10,
    maxLength: 64,
    // Levenshtein matching ("similar to a common password") cost ~0.5 s per check
    // in our measurements; the dictionary, l33t and pattern matchers stay on.
    useLevenshteinDistance: false,
  });
  return estimator;
}

/** Judges a new password against the common dictionaries, patterns and the owner's own words. */
export function judgePassword(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  const result = getEstimator().check(password, passwordUserInputs(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true, score: result.score };
  return { ok: false, score: result.score, message: weakPasswordMessage(result.feedback) };
}
