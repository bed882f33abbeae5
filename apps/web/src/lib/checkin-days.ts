import type { CheckinDto } from '@app/shared';

/**
 * Check-ins by day, for the member's 30-day chart and the coach's sparkline
 * (decision 058): one entry per calendar day in this browser's time zone,
 * oldest first, ending today, so a day without a check-in is a gap rather
 * than a missing point that would pull the line across it.
 */
export type CheckinDay = {
  /** yyyy-MM-dd, this browser's calendar. */
  date: string;
  /** The day's average, to one decimal; null when nobody checked in. */
  score: number | null;
  /** How many check-ins the day had. */
  count: number;
  /** The notes written that day, in order. */
  notes: string[];
};

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** One decimal, the way the chart and its table say it (5.5, 7). */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function checkinDays(checkins: readonly CheckinDto[], days: number, today: Date = new Date()): CheckinDay[] {
  const byDate = new Map<string, CheckinDto[]>();
  for (const checkin of checkins) {
    const date = localDate(new Date(checkin.created_at));
    byDate.set(date, [...(byDate.get(date) ?? []), checkin]);
  }
  return Array.from({ length: days }, (_, i) => {
    // Calendar arithmetic (not 24-hour steps), so a daylight-saving change skips or repeats no day.
    const date = localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1 - i)));
    const answers = byDate.get(date) ?? [];
    const total = answers.reduce((sum, c) => sum + c.score, 0);
    return {
      date,
      score: answers.length ? oneDecimal(total / answers.length) : null,
      count: answers.length,
      notes: answers.flatMap((c) => (c.note ? [c.note] : [])),
    };
  });
}

/** The average of every answer (not of the days' averages), to one decimal; null without answers. */
export function averageScore(checkins: readonly CheckinDto[]): number | null {
  if (checkins.length === 0) return null;
  return oneDecimal(checkins.reduce((sum, c) => sum + c.score, 0) / checkins.length);
}

/** "Fri 27 Nov", in this browser's calendar. */
export function shortDate(at: Date): string {
  return at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
}

/** "Fri 27 Nov", for a yyyy-MM-dd of this browser's calendar. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return shortDate(new Date(y, m - 1, d));
}

/**
 * The chart's geometry in a viewBox of x 0…days-1 and y 0…10 (0 at the top, so
 * a higher score sits higher): one point per day with a check-in, and the path
 * joining them. A day without one is passed over, never drawn as a 0.
 */
export function scorePoints(days: readonly CheckinDay[], max: number): { x: number; y: number; day: CheckinDay }[] {
  return days.flatMap((day, x) => (day.score === null ? [] : [{ x, y: max - day.score, day }]));
}

export function scorePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
}
