import { useSyncExternalStore } from 'react';
import { BETA_COPY_PLACEHOLDERS, BETA_PLACES_ELEMENT_ID, betaCopy, type BetaCopy, type BetaPlaces } from '@app/shared';

/**
 * The Free Beta Access places left, one figure for every screen (decision 038).
 *
 * The server writes the live figures into every page it sends (a JSON element,
 * and the pre-rendered texts themselves), so the first render, hydration
 * included, says what the served HTML said. The member area's own query
 * (GET /api/me/beta-place) passes on what it reads, so a place taken in this
 * tab shows on the public pages too.
 */
let current: BetaPlaces | null = readFromPage();
let currentCopy: BetaCopy | null = current && betaCopy(current);
const listeners = new Set<() => void>();

function readFromPage(): BetaPlaces | null {
  if (typeof document === 'undefined') return null;
  try {
    const value: unknown = JSON.parse(document.getElementById(BETA_PLACES_ELEMENT_ID)?.textContent ?? '');
    const { seats, left } = (value ?? {}) as Partial<BetaPlaces>;
    return Number.isInteger(seats) && Number.isInteger(left) ? { seats: seats!, left: left! } : null;
  } catch {
    // A page the server did not fill (the Vite dev server): the figures are unknown.
    return null;
  }
}

export function currentBetaPlaces(): BetaPlaces | null {
  return current;
}

export function setBetaPlaces(places: BetaPlaces): void {
  if (current?.seats === places.seats && current.left === places.left) return;
  current = { seats: places.seats, left: places.left };
  currentCopy = betaCopy(current);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => currentCopy;

/**
 * The places' texts: the build's placeholders while pre-rendering (the server
 * fills them in), then the live figures; null only where no server filled the
 * page, and the screen then leaves the figures out.
 */
export function useBetaCopy(): BetaCopy | null {
  const copy = useSyncExternalStore(subscribe, snapshot, snapshot);
  return typeof document === 'undefined' ? BETA_COPY_PLACEHOLDERS : copy;
}
