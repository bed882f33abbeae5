import { describe, expect, it } from 'vitest';
import { mostPopularMethodLabel, percentOf } from './tracker-feedback-summary';

describe('mostPopularMethodLabel', () => {
  it('gives the first word of the most chosen method', () => {
    expect(
      mostPopularMethodLabel([
        { method: 'Daily check-ins', count: 2 },
        { method: 'Weekly progress reports', count: 5 },
        { method: 'Habit tracking', count: 1 },
      ]),
    ).toBe('Weekly');
  });

  it('keeps a hyphenated first word whole', () => {
    expect(mostPopularMethodLabel([{ method: 'Milestone-based tracking', count: 1 }])).toBe('Milestone-based');
  });

  it('settles a tie on the method listed first', () => {
    const counts = [
      { method: 'Habit tracking', count: 3 },
      { method: 'Daily check-ins', count: 3 },
    ];
    expect(mostPopularMethodLabel(counts)).toBe('Habit');
    expect(mostPopularMethodLabel([...counts].reverse())).toBe('Daily');
  });

  it('says N/A when nobody answered', () => {
    expect(mostPopularMethodLabel([])).toBe('N/A');
    expect(mostPopularMethodLabel([{ method: 'Habit tracking', count: 0 }])).toBe('N/A');
  });
});

describe('percentOf', () => {
  it('rounds to a whole percentage and never divides by zero', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(4, 4)).toBe(100);
  });
});
