import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryDelayMs, shouldGiveUp } from './retry-policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const noJitter = { ...DEFAULT_RETRY_POLICY, jitter: 0 };

describe('the retry schedule', () => {
  it('waits 30 s, then doubles, up to one hour', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts, noJitter));
    expect(waits).toEqual([
      30 * SECOND,
      1 * MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      16 * MINUTE,
      32 * MINUTE,
      60 * MINUTE,
      60 * MINUTE,
    ]);
  });

  it('spreads each wait by up to a fifth either way', () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(24 * SECOND);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(30 * SECOND);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeCloseTo(36 * SECOND, -1);
  });

  it('gives up after 30 attempts or 24 hours, whichever comes first', () => {
    expect(shouldGiveUp(29, 23 * 60 * MINUTE, DEFAULT_RETRY_POLICY)).toBe(false);
    expect(shouldGiveUp(30, MINUTE, DEFAULT_RETRY_POLICY)).toBe(true);
    expect(shouldGiveUp(5, 24 * 60 * MINUTE, DEFAULT_RETRY_POLICY)).toBe(true);
  });
});
