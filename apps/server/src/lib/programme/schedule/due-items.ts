import type { ProgrammeKind, ProgrammeSettingsDto } from '@app/shared';
import { addDays, isoWeekday, localParts, minutesOf, zonedInstant } from '../../time/zoned-time';

/**
 * When each of a member's programme items is due (decision 058), computed
 * from their settings and the clock alone, so the same answer comes from any
 * instance, on any pass, after any restart:
 *
 * - at the chosen local time on each chosen day, in the member's time zone
 *   (a time skipped by a spring-forward change runs at the first minute after
 *   it; one that happens twice in autumn runs once, at the first);
 * - a time inside quiet hours waits until they end, if that is the same local
 *   day; otherwise that day's item is skipped (never sent at night);
 * - an item is due from its time until `catchUpMs` after it: a pass that was
 *   missed (every instance down) still sends it once, later ones never do.
 *
 * The period key makes it exactly-once (the unique key of programme_deliveries):
 * the local date for a check-in or step reminder, and for a weekly summary the
 * local Monday of the week it summarises (the summary day's own week from
 * Thursday on; the week before for a Monday to Wednesday summary day).
 */
export type ScheduledItem = { kind: ProgrammeKind; periodKey: string; dueAt: Date };

type Settings = Pick<
  ProgrammeSettingsDto,
  | 'time_zone'
  | 'checkins_enabled'
  | 'checkin_time'
  | 'checkin_days'
  | 'step_reminders_enabled'
  | 'step_reminder_time'
  | 'summaries_enabled'
  | 'summary_day'
  | 'summary_time'
  | 'quiet_start'
  | 'quiet_end'
  | 'paused'
>;

const DAY_MINUTES = 24 * 60;

/**
 * When an item set for `minutes` on a local day goes, given quiet hours:
 * unchanged outside them, moved to their end when that is later the same day,
 * else null (skipped). Equal start and end mean no quiet hours.
 */
export function afterQuietHours(minutes: number, quietStart: string, quietEnd: string): number | null {
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  if (start === end) return minutes;
  if (start < end) return minutes >= start && minutes < end ? end : minutes;
  // Spanning midnight (21:00–08:00): the morning part ends today, the evening part tomorrow.
  if (minutes < end) return end;
  if (minutes >= start) return null;
  return minutes;
}

/** The local Monday of the week a summary sent on `date` summarises. */
export function summaryWeekStart(date: string): string {
  const weekday = isoWeekday(date);
  const monday = addDays(date, 1 - weekday);
  return weekday >= 4 ? monday : addDays(monday, -7);
}

/** The items due at `now`: their time has come, at most `catchUpMs` ago. */
export function dueItems(settings: Settings, now: Date, catchUpMs: number): ScheduledItem[] {
  if (settings.paused) return [];
  const zone = settings.time_zone;
  const today = localParts(now, zone).date;
  const items: ScheduledItem[] = [];
  // Yesterday too: an item set for 23:30 is still caught up at 00:15.
  const days = Math.ceil(catchUpMs / (DAY_MINUTES * 60_000)) + 1;
  for (let back = days - 1; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = isoWeekday(date);
    const consider = (kind: ProgrammeKind, time: string, periodKey: string) => {
      const minutes = afterQuietHours(minutesOf(time), settings.quiet_start, settings.quiet_end);
      if (minutes === null) return;
      const dueAt = zonedInstant(date, minutes, zone);
      // The local date must still be `date` (a jump past midnight would make it another day's).
      if (localParts(dueAt, zone).date !== date) return;
      const late = now.getTime() - dueAt.getTime();
      if (late >= 0 && late <= catchUpMs) items.push({ kind, periodKey, dueAt });
    };
    if (settings.checkins_enabled && settings.checkin_days.includes(weekday as never)) {
      consider('checkin', settings.checkin_time, date);
    }
    if (settings.step_reminders_enabled) consider('step_reminder', settings.step_reminder_time, date);
    if (settings.summaries_enabled && settings.summary_day === weekday) {
      consider('weekly_summary', settings.summary_time, summaryWeekStart(date));
    }
  }
  return items;
}
