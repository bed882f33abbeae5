import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from './relative-time';

const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime, the one relative-time style (docs/product.md#admin-back-office)', () => {
  it("says 'just now' for anything under a minute", () => {
    expect(relativeTime(now, now)).toBe('just now');
    expect(relativeTime(ago(59 * SECOND + 999), now)).toBe('just now');
  });

  it('counts whole minutes from one minute up to the hour', () => {
    expect(relativeTime(ago(MINUTE), now)).toBe('1m ago');
    expect(relativeTime(ago(5 * MINUTE + 59 * SECOND), now)).toBe('5m ago');
    expect(relativeTime(ago(HOUR - 1), now)).toBe('59m ago');
  });

  it('counts whole hours under 24 hours', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1h ago');
    expect(relativeTime(ago(DAY - 1), now)).toBe('23h ago');
  });

  it('counts whole days from 24 hours on, without switching to weeks or months', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1d ago');
    expect(relativeTime(ago(2 * DAY - 1), now)).toBe('1d ago');
    expect(relativeTime(ago(400 * DAY), now)).toBe('400d ago');
  });

  it('reads ISO strings and epoch milliseconds the way the API sends them', () => {
    expect(relativeTime('2026-11-22T09:30:00.000Z', now)).toBe('2h ago');
    expect(relativeTime(now.getTime() - 3 * MINUTE, now.getTime())).toBe('3m ago');
  });

  it("treats a time slightly in the future (clock skew) as 'just now'", () => {
    expect(relativeTime(new Date(now.getTime() + 30 * SECOND), now)).toBe('just now');
  });

  it('gives an empty string for an unreadable date instead of NaN text', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('uses the current time when none is given', () => {
    expect(relativeTime(new Date(Date.now() - 2 * HOUR - MINUTE))).toBe('2h ago');
  });

  it('gives the age alone without "ago", for "waiting 3h"; under a minute is still "just now"', () => {
    expect(relativeTime(ago(3 * HOUR + 5 * MINUTE), now, { ago: false })).toBe('3h');
    expect(relativeTime(ago(12 * MINUTE), now, { ago: false })).toBe('12m');
    expect(relativeTime(ago(2 * DAY), now, { ago: false })).toBe('2d');
    expect(relativeTime(ago(10 * SECOND), now, { ago: false })).toBe('just now');
  });
});

describe('exactTime, the moment behind a relative time', () => {
  it('writes the date and the time of day as a British reader expects', () => {
    // The hour depends on the machine's time zone; the minutes and the shape do not.
    expect(exactTime('2026-11-22T12:05:00.000Z')).toMatch(/^\d{1,2} Nov 2026, \d\d:05$/);
    expect(exactTime(now.getTime())).toBe(exactTime(now));
  });

  it('gives an empty string for an unreadable date', () => {
    expect(exactTime('not a date')).toBe('');
  });
});
