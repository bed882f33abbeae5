import type { NavigationType } from 'react-router';

/** Scroll positions by history entry (react-router's location.key). */
export type ScrollPositions = Record<string, number>;

export type ScrollTarget =
  { kind: 'none' } | { kind: 'top' } | { kind: 'hash'; hash: string } | { kind: 'position'; top: number };

/** react-router's key for an entry it did not create (a typed address, a fresh tab). */
const UNKEYED_ENTRY = 'default';

/**
 * Where a page should scroll after a navigation (docs/decisions/033):
 * Back/Forward and a reload return to where that history entry was left, a
 * link with a hash goes to its section, and any other new page opens at the top.
 */
export function scrollTarget(
  navigationType: `${NavigationType}`,
  key: string,
  hash: string,
  saved: number | undefined,
  firstRender: boolean,
): ScrollTarget {
  if (navigationType === 'POP') {
    // Entries the app did not create share one key: a stored position could be another page's.
    if (saved !== undefined && key !== UNKEYED_ENTRY) return { kind: 'position', top: saved };
    if (hash.length > 1) return { kind: 'hash', hash };
    // A first load with nothing saved keeps the browser's own position (top, or the pre-rendered hash).
    return firstRender ? { kind: 'none' } : { kind: 'top' };
  }
  if (hash.length > 1) return { kind: 'hash', hash };
  return { kind: 'top' };
}
