import { MIN_PASSWORD_LENGTH, PRODUCT_NAME } from '../product/constants';

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

/**
 * The lowest strength score (0–4, zxcvbn's scale) a new password needs: 3 means
 * it would take more than about 10^8 guesses, too many for an online attack and
 * costly offline against our argon2id hashes (docs/decisions/011).
 */
export const MIN_PASSWORD_SCORE = 3;

/** The code of a 400 refusing a new password as too easy to guess. */
export const WEAK_PASSWORD_CODE = 'WEAK_PASSWORD';

/** Every weak-password answer starts with this; the estimator's reason follows. */
export const WEAK_PASSWORD_PREFIX = 'Password is too easy to guess.';

/** Said when the estimator finds a password weak but names no pattern. */
const GENERIC_ADVICE = 'Try a longer password, or a few unrelated words.';

/** Words every attacker of this site tries first: the product's own. */
const PRODUCT_WORDS = [PRODUCT_NAME, 'calm', 'space', 'calmspace', 'coach', 'coaching', 'wellbeing', 'well-being'];

export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/**
 * What a password must not be built from: the product's words and the owner's
 * email and name, whole, joined up and in pieces ("jane.doe@example.com" gives
 * "jane.doe", "janedoe", "jane", "doe", "example"), so "JaneDoe1!" is judged as
 * weak as it is.
 */
export function passwordUserInputs(owner: PasswordOwner = {}): string[] {
  const inputs = new Set(PRODUCT_WORDS.map((w) => w.toLowerCase()));
  const add = (value: string | null | undefined) => {
    const v = value?.trim().toLowerCase();
    if (!v) return;
    const pieces = v.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    inputs.add(v);
    inputs.add(pieces.join(''));
    for (const piece of pieces) if (piece.length >= 3) inputs.add(piece);
  };
  const email = owner.email?.trim().toLowerCase() ?? '';
  add(email);
  add(email.split('@')[0]);
  add(email.split('@')[1]?.split('.')[0]);
  add(owner.name);
  return [...inputs];
}

/** The estimator's reason, in its own plain sentences, after the common prefix. */
export function weakPasswordMessage(feedback: { warning: string | null; suggestions: string[] }): string {
  const reasons = [feedback.warning, ...feedback.suggestions].filter((s): s is string => Boolean(s?.trim()));
  return [WEAK_PASSWORD_PREFIX, ...(reasons.length ? reasons : [GENERIC_ADVICE])].join(' ');
}

/** The code of a sign-in refused because its account is locked for a while. */
export const SIGN_IN_LOCKED_CODE = 'SIGN_IN_LOCKED';

export function signInLockedMessage(minutes: number): string {
  const time = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Too many sign-in attempts for this account. Try again in ${time}, or reset your password.`;
}
