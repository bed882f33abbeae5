import type { IsoWeekday, ProgrammeSettingsDto } from '@app/shared';

const DAY_NAMES = ['', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];
const SINGLE_DAY = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const same = (days: readonly IsoWeekday[], wanted: readonly IsoWeekday[]) =>
  days.length === wanted.length && wanted.every((d) => days.includes(d));

/** "Weekdays", "Every day", "Weekends", or "Mondays, Wednesdays and Fridays". */
export function daysInWords(days: readonly IsoWeekday[]): string {
  if (same(days, [1, 2, 3, 4, 5, 6, 7])) return 'Every day';
  if (same(days, [1, 2, 3, 4, 5])) return 'Weekdays';
  if (same(days, [6, 7])) return 'Weekends';
  const names = [...days].sort((a, b) => a - b).map((d) => DAY_NAMES[d]!);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A member's check-in schedule as a coach reads it: "Weekdays at 09:00,
 * Europe/London", "Paused (weekdays at 09:00, Europe/London)", or
 * "Not opted in" (never set up, or check-ins off).
 */
export function checkinScheduleInWords(settings: ProgrammeSettingsDto | null): string {
  if (!settings?.checkins_enabled) return 'Not opted in';
  const when = `${daysInWords(settings.checkin_days)} at ${settings.checkin_time}, ${settings.time_zone}`;
  return settings.paused ? `Paused (${when.charAt(0).toLowerCase()}${when.slice(1)})` : when;
}

/** The programme's other messages, when any are on: "Step reminders at 12:30; summary on Sunday at 18:00". */
export function otherMessagesInWords(settings: ProgrammeSettingsDto | null): string | null {
  if (!settings) return null;
  const parts = [
    settings.step_reminders_enabled && `step reminders at ${settings.step_reminder_time}`,
    settings.summaries_enabled && `summary on ${SINGLE_DAY[settings.summary_day]} at ${settings.summary_time}`,
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
