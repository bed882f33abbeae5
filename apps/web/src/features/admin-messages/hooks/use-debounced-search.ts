import { useEffect, useState } from 'react';

/** Typing settles for this long before the list is searched, so each keystroke is not a request. */
const SEARCH_SETTLE_MS = 300;

/** The trimmed search once typing pauses; `onSettled` runs when it changes (back to the first page). */
export function useDebouncedSearch(typed: string, onSettled: () => void): string {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const settled = setTimeout(() => {
      const next = typed.trim();
      setSearch((current) => {
        if (current !== next) onSettled();
        return next;
      });
    }, SEARCH_SETTLE_MS);
    return () => clearTimeout(settled);
    // onSettled is a fresh closure each render; the pause restarts only when the text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return search;
}
