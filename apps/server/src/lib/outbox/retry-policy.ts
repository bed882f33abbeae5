/**
 * When the outbox tries a delivery again after a failed attempt, and when it gives
 * up. Times are in milliseconds so tests can run the same policy in moments.
 */
export interface RetryPolicy {
  /** Wait after the first failed attempt; doubles after each further failure. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Each wait is spread by up to this fraction either way, so a backlog does not retry in lockstep. */
  jitter: number;
  /** A delivery is marked failed after this many attempts ... */
  maxAttempts: number;
  /** ... or once it has waited this long since it was queued, whichever comes first. */
  giveUpAfterMs: number;
}

const MINUTE = 60_000;

/** 30 s, 1 min, 2 min, 4 min … capped at 1 h; given up after 24 h (about 30 attempts). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * MINUTE,
  jitter: 0.2,
  maxAttempts: 30,
  giveUpAfterMs: 24 * 60 * MINUTE,
};

/** The wait before the next attempt, after `attempts` failed ones (1 or more). */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
  const spread = 1 + policy.jitter * (2 * random() - 1);
  return Math.round(delay * spread);
}

/** Whether a delivery that has just failed its `attempts`-th attempt should be given up. */
export function shouldGiveUp(attempts: number, ageMs: number, policy: RetryPolicy): boolean {
  return attempts >= policy.maxAttempts || ageMs >= policy.giveUpAfterMs;
}
