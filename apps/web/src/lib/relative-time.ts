/**
 * The one relative-time style of the web app, member and admin screens alike
 * (docs/product.md#admin-back-office; `RelativeTime` in components/ shows it):
 * under a minute 'just now', then 'Nm ago', 'Nh ago' under 24 hours, then
 * 'Nd ago'. Units are whole and rounded down, so 59 s is still 'just now'
 * and 23 h 59 m is '23h ago'. Without `ago`, the same age stands alone
 * ('3h', for "waiting 3h").
 *
 * A time slightly in the future (the server's clock a little ahead of the
 * browser's) reads 'just now' rather than a negative age. An unreadable
 * date gives an empty string: a missing time is better than a crashed list.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type When = Date | string | number;

const timeOf = (when: When) => (when instanceof Date ? when.getTime() : new Date(when).getTime());

export function relativeTime(when: When, now: Date | number = Date.now(), { ago = true } = {}): string {
  const then = timeOf(when);
  const current = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(then) || !Number.isFinite(current)) return '';
  const elapsed = current - then;
  if (elapsed < MINUTE_MS) return 'just now';
  const suffix = ago ? ' ago' : '';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m${suffix}`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h${suffix}`;
  return `${Math.floor(elapsed / DAY_MS)}d${suffix}`;
}

const exactFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The exact moment behind a relative time, '27 Nov 2026, 09:05', for its tooltip; empty when unreadable. */
export function exactTime(when: When): string {
  const then = timeOf(when);
  return Number.isFinite(then) ? exactFormat.format(then) : '';
}
