import { describe, expect, it } from 'vitest';
import {
  findPlanByKey,
  formatPounds,
  planBadge,
  paidPlanToBuy,
  PLAN_NAMES,
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

describe('paidPlanToBuy (decision 065)', () => {
  it('sells The Space Pass for every paid plan: itself, The Relief Plan and the earlier tiers', () => {
    for (const name of ['The Space Pass', 'The Relief Plan', 'Starter', 'Growth', 'Summit']) {
      expect(paidPlanToBuy(name)?.key, name).toBe('space_pass');
    }
  });

  it('has nothing to sell for free or unknown plans', () => {
    for (const name of ['Base Camp', 'Free Beta Access', '30-Day Free Access', 'Gold', null]) {
      expect(paidPlanToBuy(name)).toBeUndefined();
    }
  });
});

describe('the earlier tiers', () => {
  it('are sold no more, and read as The Space Pass by key or name', () => {
    expect(PLAN_NAMES).not.toContain('Starter');
    for (const key of ['starter', 'growth', 'summit']) expect(findPlanByKey(key)?.name).toBe('The Space Pass');
    for (const name of ['Starter', 'Growth', 'Summit']) expect(planBadge(name)).toBe('Sanctuary Pass');
  });

  it('leave one paid plan with the six features /pricing lists', () => {
    expect(findPlanByKey('space_pass')!.features).toEqual([
      'Unlimited instant-calm conversations',
      'Text and audio coaching in your messaging app',
      'Personalised step tasks and daily check-ins',
      'Weekly progress summaries',
      'Strategic prompts for your focus area',
      'Priority support',
    ]);
  });
});
