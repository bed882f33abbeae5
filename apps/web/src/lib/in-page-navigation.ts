import { useSyncExternalStore } from 'react';
import type { Location, NavigateOptions, To } from 'react-router';
import { documentNavigation, type Navigation } from './app-navigation';

/** A history entry as React Router writes it: the navigation's state, the entry's key, its index. */
interface RouterEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const entryOf = () => window.history.state as RouterEntry | null;

let cached: { id: string; location: Location } | undefined;

/**
 * The address of a page without a router that navigates within itself (/auth,
 * decision 043), as React Router's `useLocation()` gives it: the history entry's state and key are read the way
 * React Router keeps them, so state written before a page load (lib/navigation.ts)
 * arrives. The same object while the entry and address are the same (every entry
 * written here has a new key), as useSyncExternalStore needs.
 */
function documentLocation(): Location {
  const entry = entryOf();
  const id = `${entry?.key ?? 'default'} ${window.location.href}`;
  if (cached?.id !== id) {
    const { pathname, search, hash } = window.location;
    cached = { id, location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' } };
  }
  return cached.location;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Calls `listener` when the address or its entry changes (a write below, Back or Forward within the page). */
function subscribeToDocumentLocation(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/**
 * Numbers the page's entry as React Router does when it starts (index 0 for an
 * entry it did not write), so /auth's close button can tell the first page of
 * a visit from one reached by a link (auth-screen.tsx).
 */
function numberDocumentEntry(): void {
  const entry = entryOf();
  if (entry?.idx == null) window.history.replaceState({ ...entry, idx: 0 }, '');
}

/** A new history entry for `href` on this page (or this one replaced), with `state`, as React Router writes it. */
function writeDocumentEntry(href: string, state: unknown, { replace = false } = {}): void {
  const idx = entryOf()?.idx ?? 0;
  const entry: RouterEntry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: replace ? idx : idx + 1 };
  if (replace) window.history.replaceState(entry, '', href);
  else window.history.pushState(entry, '', href);
  notify();
}

/** The page a path is as the server matches it ("/Auth/" is /auth). */
const pageOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

/**
 * Navigates within this page when `to` stays on it, as React Router resolves it
 * (an object without a pathname means this path): a new history entry, or this
 * one replaced, and a re-render. False when `to` leads to another page.
 */
function navigateHere(to: To, options: NavigateOptions): boolean {
  const here = window.location;
  const href = typeof to === 'string' ? to : `${to.pathname ?? here.pathname}${to.search ?? ''}${to.hash ?? ''}`;
  const target = new URL(href, here.href);
  if (target.origin !== here.origin || pageOf(target.pathname) !== pageOf(here.pathname)) return false;
  writeDocumentEntry(`${target.pathname}${target.search}${target.hash}`, options.state ?? null, options);
  return true;
}

const useDocumentLocation = () => useSyncExternalStore(subscribeToDocumentLocation, documentLocation, documentLocation);

/**
 * Navigation without a router for a page that navigates within itself (/auth,
 * decision 043): as the marketing pages' (links are plain links, another path
 * is a page load), and besides it reads the state and key of the history entry
 * it arrives with (the exit-intent offer's prefill, the Sign Up tab), and a
 * navigation within its path (taking `?tab=signup` out of the address) writes a
 * history entry and re-renders, as React Router would. Loaded only by the pages
 * that need it (app/public-pages.ts), so the other marketing pages stay lighter.
 */
export function inPageNavigation(): Navigation {
  numberDocumentEntry();
  return documentNavigation(window.location, { useLocation: useDocumentLocation, navigateHere });
}
