import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRAMME_SETTINGS, type ProgrammeSettingsDto } from '@app/shared';
import { afterQuietHours, dueItems, summaryWeekStart } from './due-items';
import { localParts, zonedInstant } from '../../time/zoned-time';

const HOUR = 60 * 60_000;
const CATCH_UP = 3 * HOUR;

const settings = (over: Partial<ProgrammeSettingsDto>): ProgrammeSettingsDto => ({
  ...DEFAULT_PROGRAMME_SETTINGS,
  checkins_enabled: true,
  checkin_days: [1, 2, 3, 4, 5, 6, 7],
  quiet_start: '22:00',
  quiet_end: '07:00',
  ...over,
});

/** The items due at each of these instants, as "kind period dueAt". */
const dueAt = (s: ProgrammeSettingsDto, iso: string) =>
  dueItems(s, new Date(iso), CATCH_UP).map((i) => `${i.kind} ${i.periodKey} ${i.dueAt.toISOString()}`);

describe('zoned times', () => {
  it('finds the instant of a local time in summer and winter, east and west', () => {
    expect(zonedInstant('2026-07-01', 9 * 60, 'Europe/London').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedInstant('2026-01-15', 9 * 60, 'Europe/London').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(zonedInstant('2026-01-15', 9 * 60, 'America/New_York').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedInstant('2026-07-01', 9 * 60, 'Asia/Kolkata').toISOString()).toBe('2026-07-01T03:30:00.000Z');
  });

  it('moves a time skipped by spring forward to the first minute after it, and runs an autumn repeat once', () => {
    // London, 29 March 2026: 01:00 GMT jumps to 02:00 BST. 01:30 does not exist.
    expect(zonedInstant('2026-03-29', 90, 'Europe/London').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(localParts(new Date('2026-03-29T01:00:00Z'), 'Europe/London').minutes).toBe(120);
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT. 02:30 does not exist.
    expect(zonedInstant('2026-03-08', 150, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // Autumn: 01:30 happens twice (BST, then GMT; EDT, then EST): the first one.
    expect(zonedInstant('2026-10-25', 90, 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-11-01', 90, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('due items', () => {
  it('is due at the local time and for the catch-up after it, never before, in the member’s zone', () => {
    const london = settings({ checkin_time: '09:00' });
    expect(dueAt(london, '2026-07-01T07:59:00Z')).toEqual([]);
    expect(dueAt(london, '2026-07-01T08:00:00Z')).toEqual(['checkin 2026-07-01 2026-07-01T08:00:00.000Z']);
    expect(dueAt(london, '2026-07-01T11:00:00Z')).toEqual(['checkin 2026-07-01 2026-07-01T08:00:00.000Z']);
    // Missed by more than the catch-up (every instance down): never sent late.
    expect(dueAt(london, '2026-07-01T11:01:00Z')).toEqual([]);
    const newYork = settings({ checkin_time: '09:00', time_zone: 'America/New_York' });
    expect(dueAt(newYork, '2026-07-01T08:00:00Z')).toEqual([]);
    expect(dueAt(newYork, '2026-07-01T13:00:00Z')).toEqual(['checkin 2026-07-01 2026-07-01T13:00:00.000Z']);
  });

  it('keeps to the chosen days', () => {
    const weekdays = settings({ checkin_time: '09:00', checkin_days: [1, 2, 3, 4, 5] });
    // 4 July 2026 is a Saturday.
    expect(dueAt(weekdays, '2026-07-04T08:30:00Z')).toEqual([]);
    expect(dueAt(weekdays, '2026-07-06T08:30:00Z')).toEqual(['checkin 2026-07-06 2026-07-06T08:00:00.000Z']);
  });

  it('runs on daylight-saving days: a skipped time at the jump, a repeated time once', () => {
    const springLondon = settings({ checkin_time: '01:30', quiet_start: '00:00', quiet_end: '00:00' });
    expect(dueAt(springLondon, '2026-03-29T01:00:00Z')).toEqual(['checkin 2026-03-29 2026-03-29T01:00:00.000Z']);
    const springNewYork = settings({
      checkin_time: '02:30',
      time_zone: 'America/New_York',
      quiet_start: '00:00',
      quiet_end: '00:00',
    });
    expect(dueAt(springNewYork, '2026-03-08T06:59:00Z')).toEqual([]);
    expect(dueAt(springNewYork, '2026-03-08T07:00:00Z')).toEqual(['checkin 2026-03-08 2026-03-08T07:00:00.000Z']);
    // Autumn in London: 01:30 BST and 01:30 GMT an hour apart; one item, one period key.
    const autumn = settings({ checkin_time: '01:30', quiet_start: '00:00', quiet_end: '00:00' });
    const first = dueAt(autumn, '2026-10-25T00:30:00Z');
    const second = dueAt(autumn, '2026-10-25T01:30:00Z');
    expect(first).toEqual(['checkin 2026-10-25 2026-10-25T00:30:00.000Z']);
    expect(second).toEqual(first);
    // Summer time itself: 09:00 is 08:00 UTC after the change, 09:00 UTC before it.
    const nine = settings({ checkin_time: '09:00' });
    expect(dueAt(nine, '2026-03-28T09:00:00Z')).toEqual(['checkin 2026-03-28 2026-03-28T09:00:00.000Z']);
    expect(dueAt(nine, '2026-03-29T08:00:00Z')).toEqual(['checkin 2026-03-29 2026-03-29T08:00:00.000Z']);
  });

  it('waits for quiet hours to end the same day, else skips the day; quiet hours may span midnight', () => {
    expect(afterQuietHours(6 * 60, '22:00', '07:00')).toBe(7 * 60);
    expect(afterQuietHours(23 * 60, '22:00', '07:00')).toBeNull();
    expect(afterQuietHours(12 * 60, '22:00', '07:00')).toBe(12 * 60);
    expect(afterQuietHours(13 * 60, '12:00', '14:00')).toBe(14 * 60);
    expect(afterQuietHours(13 * 60, '09:00', '09:00')).toBe(13 * 60);
    const early = settings({ checkin_time: '06:00' });
    expect(dueAt(early, '2026-01-15T06:30:00Z')).toEqual([]);
    expect(dueAt(early, '2026-01-15T07:00:00Z')).toEqual(['checkin 2026-01-15 2026-01-15T07:00:00.000Z']);
    const late = settings({ checkin_time: '23:00' });
    for (const at of ['2026-01-15T23:00:00Z', '2026-01-15T23:59:00Z', '2026-01-16T01:00:00Z']) {
      expect(dueAt(late, at)).toEqual([]);
    }
  });

  it('catches up an item of late yesterday just after midnight, with yesterday’s period', () => {
    const lateEvening = settings({ checkin_time: '23:30', quiet_start: '00:00', quiet_end: '00:00' });
    expect(dueAt(lateEvening, '2026-01-16T00:15:00Z')).toEqual(['checkin 2026-01-15 2026-01-15T23:30:00.000Z']);
  });

  it('sends nothing while paused', () => {
    expect(dueAt(settings({ checkin_time: '09:00', paused: true }), '2026-07-01T08:00:00Z')).toEqual([]);
  });

  it('keys weekly summaries by the Monday of the week they sum up, and step reminders by the day', () => {
    expect(summaryWeekStart('2026-07-05')).toBe('2026-06-29'); // a Sunday: its own week
    expect(summaryWeekStart('2026-07-06')).toBe('2026-06-29'); // a Monday: the week just ended
    const all = settings({
      checkins_enabled: false,
      step_reminders_enabled: true,
      step_reminder_time: '12:30',
      summaries_enabled: true,
      summary_day: 7,
      summary_time: '18:00',
    });
    expect(dueAt(all, '2026-07-05T12:00:00Z')).toEqual(['step_reminder 2026-07-05 2026-07-05T11:30:00.000Z']);
    expect(dueAt(all, '2026-07-05T17:00:00Z')).toEqual(['weekly_summary 2026-06-29 2026-07-05T17:00:00.000Z']);
    // Sunday only: nothing on Saturday's evening.
    expect(dueAt(all, '2026-07-04T17:00:00Z')).toEqual([]);
  });
});
