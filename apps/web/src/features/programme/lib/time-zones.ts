/**
 * The IANA time zones this browser knows (Europe/London, America/New_York…),
 * and the one it is in. A browser without the list offers the member's own
 * zone and the default, and the server checks whatever is typed.
 */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Some browsers list UTC only as "Etc/UTC"; members look for "UTC".
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
