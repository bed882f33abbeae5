import { describe, expect, it } from 'vitest';
import { chooserStart, subscriptionPathFor } from './chooser-start';

describe('the /subscription address', () => {
  // The Space Pass is the one plan sold (decision 065).
  it('names the period with its word and reads it back', () => {
    const path = subscriptionPathFor('The Space Pass', 'year');
    expect(path).toBe('/subscription?plan=The+Space+Pass&period=yearly');
    expect(chooserStart(new URL(path, 'http://x').searchParams)).toEqual({ plan: 'The Space Pass', period: 'year' });
    expect(subscriptionPathFor('The Space Pass')).toMatch(/period=monthly$/);
  });

  it('opens monthly for a period it does not know, or the stored value itself', () => {
    for (const period of ['year', 'weekly', '']) {
      expect(chooserStart(new URLSearchParams({ plan: 'The Space Pass', period })).period).toBe('month');
    }
  });
});
