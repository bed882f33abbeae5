import { describe, expect, it } from 'vitest';
import { findPlanByKey } from '@app/shared';
import { displayPrice, saveBadge, yearlySavingPercent } from './plan-price';

const spacePass = findPlanByKey('space_pass')!;
const freeBeta = findPlanByKey('free_beta')!;

describe('plan pricing display', () => {
  it('shows The Space Pass monthly at £5.99', () => {
    expect(displayPrice(spacePass, 'month')).toEqual({ perMonth: '£5.99', billing: 'Billed monthly' });
  });

  it('shows the yearly price per month, the yearly bill and the saving', () => {
    expect(displayPrice(spacePass, 'year')).toEqual({
      perMonth: '£4.79',
      billing: 'Billed yearly at £57.50',
      saving: 'You save £14.38 a year',
    });
  });

  it('rounds the yearly discount to Save 20%', () => {
    expect(yearlySavingPercent(spacePass)).toBe(20);
    expect(saveBadge(spacePass)).toBe('Save 20%');
  });

  it('shows free plans at £0 in both periods, with no billing line', () => {
    expect(displayPrice(freeBeta, 'month')).toEqual({ perMonth: '£0' });
    expect(displayPrice(freeBeta, 'year')).toEqual({ perMonth: '£0' });
    expect(yearlySavingPercent(freeBeta)).toBe(0);
  });
});
