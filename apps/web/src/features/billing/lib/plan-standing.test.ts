import { describe, expect, it } from 'vitest';
import { openEndedFreePlan, type MemberPlanDto } from '@app/shared';
import { pickerPlanFor, planStanding, subscriptionNote } from './plan-standing';

const spacePass = (over: Partial<MemberPlanDto>): MemberPlanDto => ({
  key: 'space_pass',
  name: 'The Space Pass',
  badge: 'Sanctuary Pass',
  basis: 'subscription',
  unlimited: true,
  ends_at: null,
  renews_at: '2026-12-22T10:00:00.000Z',
  billing_period: 'month',
  granted_by_team: false,
  ...over,
});
const offer: MemberPlanDto = {
  ...spacePass({ basis: 'grant', renews_at: null, ends_at: '2026-12-24T09:00:00.000Z', billing_period: null }),
  key: 'thirty_day_free',
  name: '30-Day Free Access',
  badge: 'Free',
};

describe('pickerPlanFor', () => {
  it('checks Free Beta Access for a place, The Space Pass for a subscription, and none otherwise', () => {
    expect(pickerPlanFor(openEndedFreePlan('free_beta', 'beta'))).toBe('Free Beta Access');
    expect(pickerPlanFor(spacePass({}))).toBe('The Space Pass');
    expect(pickerPlanFor(spacePass({ basis: 'grant', granted_by_team: true }))).toBe('');
    expect(pickerPlanFor(openEndedFreePlan('base_camp', 'trial'))).toBe('');
    expect(pickerPlanFor(undefined)).toBe('');
  });
});

describe('planStanding', () => {
  it('names the one plan held, with its date, never four plans at once', () => {
    expect(planStanding(spacePass({}))).toBe(
      'The Space Pass is paid by your subscription (Sanctuary Pass); it renews on 22 December 2026.',
    );
    expect(planStanding(spacePass({ ends_at: '2026-12-22T10:00:00.000Z', renews_at: null }))).toBe(
      'The Space Pass is paid until 22 December 2026. Your subscription has been cancelled and does not renew.',
    );
    expect(planStanding(offer)).toBe('30-Day Free Access gives you full coaching, free, until 24 December 2026.');
    expect(
      planStanding(spacePass({ basis: 'grant', granted_by_team: true, ends_at: offer.ends_at, renews_at: null })),
    ).toBe('The Space Pass is a gift from the Calm Space team until 24 December 2026: full coaching, nothing to pay.');
    expect(planStanding(openEndedFreePlan('free_beta', 'beta'))).toContain('free, while the beta runs');
    expect(planStanding(openEndedFreePlan('base_camp', 'none'))).toMatch(
      /^Base Camp is our free starting plan: one free coaching conversation/,
    );
    for (const sentence of [planStanding(spacePass({})), planStanding(offer)]) {
      expect(sentence).not.toMatch(/Starter|Growth|Summit|tier/);
    }
  });
});

describe('subscriptionNote', () => {
  it('says a cancelled subscription ends, with its date, not that it is active', () => {
    expect(subscriptionNote(spacePass({}))).toBe('Active subscription - manage in customer portal');
    expect(subscriptionNote(spacePass({ ends_at: '2026-12-22T10:00:00.000Z', renews_at: null }))).toBe(
      'Cancelled: ends on 22 December 2026 - resume in the customer portal',
    );
    expect(subscriptionNote(offer)).toBeNull();
  });
});
