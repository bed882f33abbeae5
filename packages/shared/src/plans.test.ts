import { expect, it } from 'vitest';
import { findPlanByKey, formatPounds, planBadge, yearlyPerMonthPence, yearlySavingPence } from './plans';

it('prices The Space Pass as the spec states', () => {
  const plan = findPlanByKey('space_pass')!;
  expect(formatPounds(plan.monthlyPence)).toBe('£5.99');
  expect(formatPounds(plan.yearlyPence)).toBe('£57.50');
  expect(formatPounds(yearlyPerMonthPence(plan))).toBe('£4.79');
  expect(formatPounds(yearlySavingPence(plan))).toBe('£14.38');
});

it('badges free and paid plans', () => {
  expect(planBadge('Base Camp')).toBe('Free');
  expect(planBadge(null)).toBe('Free');
  expect(planBadge('The Space Pass')).toBe('Sanctuary Pass');
});
