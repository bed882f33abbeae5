/**
 * Wall-clock times in a person's time zone, with Intl (no time zone library):
 * what the local date, weekday and time are at an instant, and at which
 * instant a local date and time happen, through daylight-saving changes (the
 * programme's schedule, decision 058), and dates as a person in a zone reads
 * them (the files an admin downloads).
 */

const MINUTE = 60_000;

export type LocalParts = {
  /** yyyy-MM-dd */
  date: string;
  /** ISO weekday: Monday 1 … Sunday 7. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The local date and time at `instant` in `zone`. */
export function localParts(instant: Date, zone: string): LocalParts {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: isoWeekday(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** "HH:MM" as minutes since midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const asUtcMinutes = (date: string, minutes: number) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + minutes * MINUTE;

/** The wall-clock of `instant` in `zone`, as if it were UTC (for offsets). */
function wallAsUtc(instant: number, zone: string): number {
  const local = localParts(new Date(instant), zone);
  return asUtcMinutes(local.date, local.minutes);
}

/**
 * The instant at which `zone`'s clocks show `date` and `minutes`. A time that
 * does not exist (skipped by a spring-forward change) happens at the first
 * minute after it that does (the moment the clocks jump); a time that happens
 * twice (an autumn change) happens at its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, zone: string): Date {
  const wall = asUtcMinutes(date, minutes);
  // The zone's offsets a day either side cover any change near this time.
  const offsets = [...new Set([wall - 36 * 60 * MINUTE, wall + 36 * 60 * MINUTE].map((t) => wallAsUtc(t, zone) - t))];
  const exact = offsets
    .map((offset) => wall - offset)
    .filter((instant) => wallAsUtc(instant, zone) === wall)
    .sort((a, b) => a - b);
  if (exact.length) return new Date(exact[0]!);
  // Skipped: from the earliest candidate, the first minute whose wall-clock is past the wanted one.
  const candidates = offsets.map((offset) => wall - offset).sort((a, b) => a - b);
  for (let t = candidates[0]!; t <= candidates[candidates.length - 1]! + MINUTE; t += MINUTE) {
    if (wallAsUtc(t, zone) > wall) return new Date(t);
  }
  return new Date(candidates[candidates.length - 1]!);
}

/** ISO weekday of a yyyy-MM-dd date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The date `days` after (or before) a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  return new Date(asUtcMinutes(date, 0) + days * 24 * 60 * MINUTE).toISOString().slice(0, 10);
}

/** yyyy-MM-dd, as read in `zone`. */
export function formatDateIn(instant: Date, zone: string): string {
  return localParts(instant, zone).date;
}

/** yyyy-MM-dd HH:mm (24-hour clock), as read in `zone`. */
export function formatDateTimeIn(instant: Date, zone: string): string {
  const { date, minutes } = localParts(instant, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
