import type { ProgrammeSettingsDto } from '@app/shared';

/** The fields the form checks, each with the one message shown under it. */
export type SettingsField =
  'time_zone' | 'checkin_time' | 'checkin_days' | 'step_reminder_time' | 'summary_time' | 'quiet_start' | 'quiet_end';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export const SETTINGS_FIELDS: readonly SettingsField[] = [
  'time_zone',
  'checkin_time',
  'checkin_days',
  'step_reminder_time',
  'summary_time',
  'quiet_start',
  'quiet_end',
];

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = 'Enter a time, for example 09:00.';

/**
 * What is wrong with the settings before they are sent (the server checks the
 * same and more). The times of a kind that is off are not asked for: they are
 * kept as they were and wait for the day it is turned on. `zones` is the list
 * the member chooses from; an empty list (a browser without one) checks only
 * that a zone was given.
 */
export function settingsErrors(settings: ProgrammeSettingsDto, zones: readonly string[]): SettingsErrors {
  const errors: SettingsErrors = {};
  const zone = settings.time_zone.trim();
  if (!zone) errors.time_zone = 'Choose your time zone, for example Europe/London.';
  else if (zones.length > 0 && !zones.includes(zone)) {
    errors.time_zone = 'Choose a time zone from the list, for example Europe/London.';
  }
  const time = (field: SettingsField, value: string, asked: boolean) => {
    if (asked && !CLOCK_TIME.test(value)) errors[field] = TIME_MESSAGE;
  };
  time('checkin_time', settings.checkin_time, settings.checkins_enabled);
  if (settings.checkins_enabled && settings.checkin_days.length === 0) {
    errors.checkin_days = 'Choose at least one day for your check-ins.';
  }
  time('step_reminder_time', settings.step_reminder_time, settings.step_reminders_enabled);
  time('summary_time', settings.summary_time, settings.summaries_enabled);
  time('quiet_start', settings.quiet_start, true);
  time('quiet_end', settings.quiet_end, true);
  return errors;
}
