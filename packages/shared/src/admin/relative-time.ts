/**
 * The one relative-time rule of the admin area (docs/product.md#admin-back-office):
 * under a minute 'just now', then 'Nm ago', 'Nh ago' under 24 hours, then
 * 'Nd ago'. Units are whole and rounded down, so 59 s is still 'just now'
 * and 23 h 59 m is '23h ago'.
 *
 * A time slightly in the future (the server's clock a little ahead of the
 * browser's) reads 'just now' rather than a negative age. An unreadable
 * date gives an empty string: a missing time is better than a crashed list.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function relativeTime(when: Date | string | number, now: Date | number = Date.now()): string {
  const then = when instanceof Date ? when.getTime() : new Date(when).getTime();
  const current = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(then) || !Number.isFinite(current)) return '';
  const elapsed = current - then;
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}
