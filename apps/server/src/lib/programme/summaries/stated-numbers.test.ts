import { describe, expect, it } from 'vitest';
import type { WeeklySummaryNumbers } from '@app/shared';
import { inventedNumbers, statedNumbers } from './stated-numbers';

const week: WeeklySummaryNumbers = {
  checkins: 3,
  average_score: 4.5,
  score_change: -1.5,
  steps_done: 0,
  steps_not_done: 2,
  reflections_written: 0,
  win: null,
  pattern: null,
  next_step: 'walk for 10 minutes after lunch',
};

describe('the numbers a summary states', () => {
  it('are its digits and its number words, "no" and "none" only before something counted', () => {
    expect(statedNumbers('You checked in three times, averaging 4.5, and wrote no reflections.')).toEqual([4.5, 3, 0]);
    expect(statedNumbers('No pressure: one small step, twice if you like.')).toEqual([2]);
    expect(statedNumbers('There is no rush, and none of this is a test.')).toEqual([]);
  });

  it('must each be a computed number (a change by its size), or one inside a step it names', () => {
    expect(
      inventedNumbers(
        'You checked in 3 times, with an average of 4.5, 1.5 lower than before. 2 steps did not happen and no steps were done. Next: walk for 10 minutes.',
        week,
      ),
    ).toEqual([]);
    expect(inventedNumbers('You checked in 4 times over seven days.', week)).toEqual([4, 7]);
    expect(inventedNumbers('Your score fell by -1.5.', week)).toEqual([]);
  });
});
