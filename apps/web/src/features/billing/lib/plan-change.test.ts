import { describe, expect, it } from 'vitest';
import type { SubscriptionStatusDto } from '@app/shared';
import { daysRemaining, decidePlanChange } from './plan-change';

const now = new Date('2026-03-10T12:00:00Z');
const subscribed = (tier: string, end: string | null): SubscriptionStatusDto => ({
  subscribed: true,
  subscription_tier: tier,
  subscription_end: end,
  cancel_at_period_end: false,
  billing_period: 'month',
});
const none: SubscriptionStatusDto = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  cancel_at_period_end: false,
  billing_period: null,
};

describe('daysRemaining', () => {
  it('rounds part of a day up and never goes below zero', () => {
    expect(daysRemaining(new Date('2026-03-10T12:00:01Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-03-20T12:00:00Z'), now)).toBe(10);
    expect(daysRemaining(new Date('2026-03-20T13:00:00Z'), now)).toBe(11);
    expect(daysRemaining(new Date('2026-03-01T00:00:00Z'), now)).toBe(0);
  });
});

describe('decidePlanChange', () => {
  const decide = (currentPlan: string, targetPlan: string, subscription: SubscriptionStatusDto = none) =>
    decidePlanChange({ currentPlan, targetPlan, subscription, now });

  it('does nothing for the current plan, the same plan by another name, or an unknown name', () => {
    expect(decide('The Space Pass', 'The Space Pass', subscribed('The Space Pass', null))).toEqual({ kind: 'none' });
    // The Relief Plan is bought as The Space Pass (decision 065): a subscriber has it already.
    expect(decide('The Space Pass', 'The Relief Plan', subscribed('The Space Pass', null))).toEqual({ kind: 'none' });
    expect(decide('Base Camp', 'Platinum')).toEqual({ kind: 'none' });
  });

  it('asks before upgrading from any free plan to a paid one', () => {
    expect(decide('Base Camp', 'The Space Pass')).toMatchObject({ kind: 'upgrade', plan: { name: 'The Space Pass' } });
    expect(decide('Free Beta Access', 'The Space Pass')).toMatchObject({ kind: 'upgrade' });
    expect(decide('Something old', 'The Space Pass')).toMatchObject({ kind: 'upgrade' });
  });

  it('asks before switching a live subscription to a free plan, with whole days left', () => {
    const change = decide('The Space Pass', 'Free Beta Access', subscribed('The Space Pass', '2026-03-24T18:00:00Z'));
    expect(change).toEqual({
      kind: 'downgrade',
      plan: expect.objectContaining({ name: 'Free Beta Access' }),
      daysRemaining: 15,
      endDate: new Date('2026-03-24T18:00:00Z'),
    });
    expect(decide('The Space Pass', 'Base Camp', subscribed('The Space Pass', null))).toMatchObject({
      kind: 'downgrade',
      daysRemaining: null,
      endDate: null,
    });
  });

  it('asks before changing between paid plans while subscribed, from the end date', () => {
    // No picker card stands for the plan (say, one the team gave) while a subscription runs.
    expect(decide('', 'The Space Pass', subscribed('The Space Pass', '2026-04-01T00:00:00Z'))).toMatchObject({
      kind: 'change',
      plan: { name: 'The Space Pass' },
      endDate: new Date('2026-04-01T00:00:00Z'),
    });
  });

  it('saves a free plan at once when there is no subscription to end', () => {
    // A paid plan held without a live subscription (given by the team, say).
    expect(decide('The Space Pass', 'Free Beta Access')).toMatchObject({ kind: 'free', plan: { free: true } });
    expect(decide('Base Camp', 'Free Beta Access')).toMatchObject({ kind: 'free' });
  });

  it('asks for payment for any paid plan without a live subscription', () => {
    expect(decide('', 'The Space Pass')).toMatchObject({ kind: 'upgrade', plan: { name: 'The Space Pass' } });
  });
});
