import { describe, expect, it } from 'vitest';
import {
  findPlanByKey,
  findPlanByName,
  formatPounds,
  planBadge,
  tierForPaidPlan,
  yearlyPerMonthPence,
  yearlySavingPence,
} from './plans';

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

describe('tierForPaidPlan', () => {
  it('sells each tier as itself, and the picker’s paid plans as the equally priced tier', () => {
    expect(tierForPaidPlan('Growth')?.key).toBe('growth');
    expect(tierForPaidPlan('The Space Pass')?.key).toBe('starter');
    expect(tierForPaidPlan('The Relief Plan')?.key).toBe('starter');
    const spacePass = findPlanByName('The Space Pass')!;
    const starter = tierForPaidPlan('The Space Pass')!;
    expect([starter.monthlyPence, starter.yearlyPence]).toEqual([spacePass.monthlyPence, spacePass.yearlyPence]);
  });

  it('has nothing to sell for free or unknown plans', () => {
    for (const name of ['Base Camp', 'Free Beta Access', '30-Day Free Access', 'Gold', null]) {
      expect(tierForPaidPlan(name)).toBeUndefined();
    }
  });
});
