import { describe, expect, it } from 'vitest';
import { pickerPlanFor, planStanding } from './plan-standing';

describe('pickerPlanFor', () => {
  it('checks the card of the plan itself, The Space Pass for Starter, and none for other plans', () => {
    expect(pickerPlanFor('Free Beta Access')).toBe('Free Beta Access');
    expect(pickerPlanFor('The Space Pass')).toBe('The Space Pass');
    expect(pickerPlanFor('Starter')).toBe('The Space Pass');
    expect(pickerPlanFor('Base Camp')).toBe('');
    expect(pickerPlanFor('Growth')).toBe('');
    expect(pickerPlanFor('Something old')).toBe('');
  });
});

describe('planStanding', () => {
  it('says what each plan gives in the catalogue names, never "no card chosen"', () => {
    expect(planStanding('Base Camp', false)).toMatch(
      /^Base Camp is our free starting plan: one free coaching conversation/,
    );
    expect(planStanding('Something old', false)).toMatch(/^Base Camp/);
    expect(planStanding('Free Beta Access', false)).toContain('free, while the beta runs');
    expect(planStanding('Starter', true)).toBe(
      'Starter is The Space Pass, paid by your subscription (Sanctuary Pass).',
    );
    expect(planStanding('The Space Pass', true)).toBe('The Space Pass is paid by your subscription (Sanctuary Pass).');
    expect(planStanding('Summit', true)).toBe(
      'Summit is paid by your subscription (Sanctuary Pass); change tier with Manage Subscription.',
    );
    for (const plan of ['Base Camp', 'Free Beta Access', 'Starter', 'Growth']) {
      expect(planStanding(plan, false)).not.toMatch(/no card chosen/i);
    }
  });
});
