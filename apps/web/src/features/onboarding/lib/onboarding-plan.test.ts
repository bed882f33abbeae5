import { describe, expect, it } from 'vitest';
import { planFromState, profilePlanToSave, startingPlan } from './onboarding-plan';

describe('startingPlan', () => {
  it('starts on the plan chosen on /pricing when it is a known plan', () => {
    expect(startingPlan('The Space Pass')).toBe('The Space Pass');
    expect(startingPlan('Free Beta Access')).toBe('Free Beta Access');
  });

  it('falls back to Base Camp for nothing stored or an unknown name', () => {
    expect(startingPlan(null)).toBe('Base Camp');
    expect(startingPlan('')).toBe('Base Camp');
    expect(startingPlan('Platinum Forever')).toBe('Base Camp');
    expect(startingPlan('the space pass')).toBe('Base Camp');
  });
});

describe('profilePlanToSave', () => {
  it('writes a free plan and keeps the profile plan for a paid one', () => {
    expect(profilePlanToSave('Free Beta Access')).toBe('Free Beta Access');
    expect(profilePlanToSave('Base Camp')).toBe('Base Camp');
    expect(profilePlanToSave('The Space Pass')).toBeNull();
  });
});

describe('planFromState', () => {
  it('reads the plan from navigation state, defaulting to Base Camp', () => {
    expect(planFromState({ plan: '30-Day Free Access' })).toBe('30-Day Free Access');
    expect(planFromState({ plan: 'The Relief Plan' })).toBe('The Relief Plan');
    expect(planFromState(null)).toBe('Base Camp');
    expect(planFromState({})).toBe('Base Camp');
    expect(planFromState({ plan: 42 })).toBe('Base Camp');
    expect(planFromState({ plan: '<img src=x>' })).toBe('Base Camp');
  });
});
