import { describe, expect, it } from 'vitest';
import { addMonths, localChangeQuote } from './local-proration';

/** The local provider's quotes, worked out by hand as Stripe would prorate them. */
describe('the local provider’s proration', () => {
  it('bills a month on to the same day, or the last day of a shorter month, as Stripe does', () => {
    expect(addMonths(new Date('2026-01-31T09:00:00Z'), 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addMonths(new Date('2026-03-31T09:00:00Z'), -1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T09:00:00Z'), 12).toISOString()).toBe('2029-02-28T09:00:00.000Z');
  });

  it('moving from monthly to yearly halfway through a month credits half the month and charges a full year', () => {
    // The Space Pass monthly, 1 December to 1 January (31 days); the change at noon on the 16th: 15.5 days unused.
    const quote = localChangeQuote(
      { planKey: 'space_pass', period: 'month', currentPeriodEnd: new Date('2027-01-01T00:00:00Z') },
      'space_pass',
      'year',
      new Date('2026-12-16T12:00:00Z'),
    );
    expect(quote.lines.map((line) => line.amountPence)).toEqual([-Math.round(599 / 2), 5750]);
    expect(quote).toMatchObject({ amountDueTodayPence: 5750 - 300, creditTodayPence: 0, pricePence: 5750 });
    expect(quote.nextBillingDate.toISOString()).toBe('2027-12-16T12:00:00.000Z');
    expect(quote.lines[0]!.description).toBe('Unused time on The Space Pass (monthly) after 16 December 2026');
  });

  it('moving from yearly to monthly early in the year leaves a credit and charges nothing today', () => {
    // A year from 1 January 2026; three quarters of it (in seconds) left.
    const end = new Date('2027-01-01T00:00:00Z');
    const start = new Date('2026-01-01T00:00:00Z');
    const at = new Date(start.getTime() + (end.getTime() - start.getTime()) / 4);
    const quote = localChangeQuote(
      { planKey: 'space_pass', period: 'year', currentPeriodEnd: end },
      'space_pass',
      'month',
      at,
    );
    const unused = Math.round(5750 * 0.75);
    expect(quote.lines.map((line) => line.amountPence)).toEqual([-unused, 599]);
    expect(quote).toMatchObject({ amountDueTodayPence: 0, creditTodayPence: unused - 599 });
  });
});
