import { useSyncExternalStore } from 'react';

/**
 * How many messages wait for whoever is signed in, shown before every page's
 * title as "(2) Dashboard · Calm Space" (decision 063), so a tab in the
 * background says that something came. One number for the tab: the member's
 * unread replies or the coach's unread member messages, set by whichever
 * watcher the signed-in screens mount; 0 shows nothing.
 */
let count = 0;
const listeners = new Set<() => void>();

export function setTitleCount(next: number) {
  const value = Math.max(0, Math.floor(next));
  if (value === count) return;
  count = value;
  for (const listener of listeners) listener();
}

export function useTitleCount(): number {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => count,
    () => 0,
  );
}

/** "(2) " before a title, or nothing. */
export const titleCountPrefix = (n: number) => (n > 0 ? `(${n > 99 ? '99+' : n}) ` : '');
