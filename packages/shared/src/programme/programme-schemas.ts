import { z } from 'zod';
import type { IsoWeekday, ProgrammeSettingsDto } from './programme-contract';

/**
 * The programme's inputs (decision 058), checked alike on the server (every
 * request) and in the web forms.
 */

/** What a member who never saved settings is shown: nothing is sent until they opt in to a kind. */
export const DEFAULT_PROGRAMME_SETTINGS: ProgrammeSettingsDto = {
  time_zone: 'Europe/London',
  checkins_enabled: false,
  checkin_time: '09:00',
  checkin_days: [1, 2, 3, 4, 5],
  step_reminders_enabled: false,
  step_reminder_time: '12:30',
  summaries_enabled: false,
  summary_day: 7,
  summary_time: '18:00',
  quiet_start: '21:00',
  quiet_end: '08:00',
  paused: false,
  mail_nudges: true,
};

export const CHECKIN_NOTE_MAX_LENGTH = 280;
export const CHECKIN_SCORE_MAX = 10;
/** The check-in history one request may ask for. */
export const CHECKIN_HISTORY_MAX_DAYS = 90;

/** Whether the runtime knows this IANA time zone (e.g. Europe/London). */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const clockTime = (field: string) =>
  z
    .string(`${field} must be a time`)
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, `${field} must be a time as HH:MM, e.g. 09:00`);

const weekday = (field: string) =>
  z
    .number(`${field} must be a day of the week`)
    .int(`${field} must be a day of the week`)
    .min(1, `${field} must be a day from 1 (Monday) to 7 (Sunday)`)
    .max(7, `${field} must be a day from 1 (Monday) to 7 (Sunday)`)
    .transform((day) => day as IsoWeekday);

/** PUT /api/me/programme: the whole settings, as GET answers them. */
export const programmeSettingsSchema = z
  .object({
    time_zone: z
      .string('time_zone must be a time zone')
      .refine(isKnownTimeZone, 'time_zone must be a time zone such as Europe/London'),
    checkins_enabled: z.boolean('checkins_enabled must be true or false'),
    checkin_time: clockTime('checkin_time'),
    checkin_days: z
      .array(weekday('checkin_days'), 'checkin_days must be a list of days')
      .min(1, 'Choose at least one day for check-ins')
      .max(7, 'checkin_days may list each day once')
      .refine((days) => new Set(days).size === days.length, 'checkin_days may list each day once')
      .transform((days) => [...days].sort((a, b) => a - b)),
    step_reminders_enabled: z.boolean('step_reminders_enabled must be true or false'),
    step_reminder_time: clockTime('step_reminder_time'),
    summaries_enabled: z.boolean('summaries_enabled must be true or false'),
    summary_day: weekday('summary_day'),
    summary_time: clockTime('summary_time'),
    quiet_start: clockTime('quiet_start'),
    quiet_end: clockTime('quiet_end'),
    paused: z.boolean('paused must be true or false'),
    mail_nudges: z.boolean('mail_nudges must be true or false'),
  })
  .strict();

/** POST /api/me/checkins: how stressed right now (0–10) and an optional one-line note. */
export const checkinCreateSchema = z
  .object({
    score: z
      .number('score must be a number from 0 to 10')
      .int('score must be a whole number from 0 to 10')
      .min(0, 'score must be from 0 to 10')
      .max(CHECKIN_SCORE_MAX, 'score must be from 0 to 10'),
    note: z
      .string('note must be text')
      .trim()
      .max(CHECKIN_NOTE_MAX_LENGTH, `The note must be at most ${CHECKIN_NOTE_MAX_LENGTH} characters`)
      .transform((note) => note || null)
      .nullish()
      .transform((note) => note ?? null),
    delivery_id: z.uuid('delivery_id must be a check-in id').nullish(),
  })
  .strict();

/** GET …/checkins?days=30. */
export const checkinHistoryQuerySchema = z.object({
  days: z.coerce
    .number('days must be a number')
    .int('days must be a whole number')
    .min(1, `days must be between 1 and ${CHECKIN_HISTORY_MAX_DAYS}`)
    .max(CHECKIN_HISTORY_MAX_DAYS, `days must be between 1 and ${CHECKIN_HISTORY_MAX_DAYS}`)
    .default(30),
});

/**
 * A chat message read as a check-in answer: a number 0–10 alone ("7",
 * "7/10"), or followed by a note after a mark ("7 - long day", "7, long day",
 * "7/10 long day"). A number that starts a sentence ("5 things went wrong
 * today", "3 weeks without sleep") is not an answer: the member is talking,
 * and taking it as a score would record a wrong number and thank them instead
 * of answering what they wrote. Nor is 11, or 7.5.
 */
export function parseCheckinAnswer(text: string): { score: number; note: string | null } | null {
  const match = /^\s*(10|[0-9])(\s*\/\s*10)?(?!\d)(?![.,]\d)([\s\S]*)$/.exec(text);
  if (!match) return null;
  const [, score, outOfTen, rest] = match;
  const marked = /^\s*[-–—:,.!]\s*([\s\S]*)$/.exec(rest!);
  let note: string;
  if (marked) note = marked[1]!;
  else if (rest!.trim() === '' || outOfTen) note = rest!;
  else return null;
  note = note.trim().replace(/\s+/g, ' ');
  if (note.length > CHECKIN_NOTE_MAX_LENGTH) return null;
  return { score: Number(score), note: note || null };
}
