import { describe, expect, it } from 'vitest';
import { pickDailyPrompt, utcDayNumber } from './daily-prompt';

const prompts = [
  { id: 'c', sortOrder: 2 },
  { id: 'b', sortOrder: 1 },
  { id: 'a', sortOrder: 1 },
];

describe('utcDayNumber', () => {
  it('counts whole UTC days since 1970 and changes at UTC midnight only', () => {
    expect(utcDayNumber(new Date('1970-01-01T00:00:00Z'))).toBe(0);
    expect(utcDayNumber(new Date('1970-01-02T23:59:59.999Z'))).toBe(1);
    expect(utcDayNumber(new Date('2025-03-10T00:00:00Z'))).toBe(utcDayNumber(new Date('2025-03-10T23:59:59Z')));
    expect(utcDayNumber(new Date('2025-03-11T00:00:00Z'))).toBe(utcDayNumber(new Date('2025-03-10T12:00:00Z')) + 1);
    // 00:30 in London summer time is still the previous UTC day
    expect(utcDayNumber(new Date('2025-06-11T00:30:00+01:00'))).toBe(utcDayNumber(new Date('2025-06-10T12:00:00Z')));
  });
});

describe('pickDailyPrompt', () => {
  it('offers nothing when there are no prompts', () => {
    expect(pickDailyPrompt([], new Date())).toBeNull();
  });

  it('gives the same prompt all day long', () => {
    const morning = pickDailyPrompt(prompts, new Date('2025-03-10T00:00:01Z'));
    const night = pickDailyPrompt(prompts, new Date('2025-03-10T23:59:59Z'));
    expect(morning).toBe(night);
  });

  it('takes turns by sort order, then id, one UTC day each', () => {
    // 1970-01-01 is day 0: the first prompt; then the next each day, wrapping round.
    const day = (n: number) => new Date(Date.UTC(1970, 0, 1 + n, 12));
    expect([0, 1, 2, 3, 4].map((n) => pickDailyPrompt(prompts, day(n))!.id)).toEqual(['a', 'b', 'c', 'a', 'b']);
    const d = utcDayNumber(new Date('2025-03-10T12:00:00Z')); // 20157 = 3 × 6719
    expect(d % 3).toBe(0);
    expect(pickDailyPrompt(prompts, new Date('2025-03-10T12:00:00Z'))!.id).toBe('a');
    expect(pickDailyPrompt(prompts, new Date('2025-03-11T12:00:00Z'))!.id).toBe('b');
  });

  it('does not depend on the order the rows arrived in', () => {
    const date = new Date('2025-03-12T08:00:00Z');
    expect(pickDailyPrompt([...prompts].reverse(), date)).toEqual(pickDailyPrompt(prompts, date));
    expect(pickDailyPrompt(prompts, date)!.id).toBe('c');
  });

  it('handles dates before 1970', () => {
    expect(pickDailyPrompt(prompts, new Date(Date.UTC(1969, 11, 31, 12)))!.id).toBe('c');
  });
});
